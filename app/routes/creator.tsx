import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/creator';
import { NotFound } from '../components/ui/page-header';
import type { PageHandle } from '../layout/screen-layout';
import { routeMeta } from '../shared/seo/page-meta';
import { ShareButton } from '../features/sharing/share-button';
import { useShareTracker } from '../features/sharing/use-share-tracker';
import { EditProfileButton } from '../features/users/edit-profile';
import { UserPage } from '../features/users/user-page';
import { consumerLoader, webContext } from '../load-context';
import { paths } from '../paths';

/**
 * Creator profile `users/:userSlug` (spec §2.4): by id, username or vanity url (ADR 006); a
 * name the creator left by a rename moves to their address (301, ADR 079).
 */
export const loader = consumerLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const { reads } = context.get(webContext);
  const route = await reads.route({ slug: params.userSlug }, { target_type: 'user' });
  const user = route?.targetType === 'user' ? route.target : null;
  if (!user) return data({ user: null }, { status: 404 });
  if (!namesNow(params.userSlug, user))
    throw redirect(paths.user(user.vanity_url) + url.search, 301);
  const [byCity, collections] = await Promise.all([
    reads.userReviewsByCity({ id: user.user_id }),
    reads.userCollections({ userId: user.user_id }),
  ]);
  return { user, byCity, collections: collections && 'data' in collections ? collections : null };
});

/** Whether the slug is one of the user's names now: their id, username or vanity url. */
function namesNow(slug: string, user: { user_id: number; user_name: string; vanity_url: string }) {
  const name = slug.toLowerCase().replace(/^@/, '');
  return [String(user.user_id), user.user_name, user.vanity_url].some(
    (own) => own.toLowerCase() === name,
  );
}

export const handle: PageHandle = { screen: 'user' };

/**
 * The profile form's write (ADR 073). It lives with the dialog, which is loaded on first use,
 * so it has always come before a submission can.
 */
export async function clientAction(args: Route.ClientActionArgs) {
  const { saveProfile } = await import('../features/users/edit-profile-dialog');
  return saveProfile(args);
}

/**
 * After a profile save, this address is read again only when the profile is still at it: not
 * when nothing changed, nor when it moved (a new username may have freed this one; the dialog
 * goes to the new address, whose loader runs then).
 */
export function shouldRevalidate({
  actionResult,
  currentUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const saved = actionResult as { ok?: boolean; to?: string | null } | undefined;
  if (saved?.ok === true && saved.to !== currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, ({ user }) =>
    user
      ? {
          title: `${user.display_name} (@${user.user_name}) · Spotreel`,
          description: user.bio || `Videos of favourite spots by @${user.user_name}.`,
          canonicalPath: paths.user(user.vanity_url),
          social: { type: 'profile', image: { url: user.avatar_url, alt: user.display_name } },
        }
      : { title: 'Creator not found · Spotreel', description: 'This creator is not on Spotreel.' },
  );

export default function Creator({ loaderData }: Route.ComponentProps) {
  useShareTracker(loaderData.user ? { type: 'user', id: loaderData.user.user_id } : null);
  if (!loaderData.user) return <NotFound what="creator" />;
  const { user } = loaderData;
  return (
    <UserPage
      data={loaderData}
      actions={
        <>
          <EditProfileButton profile={user} />
          <ShareButton
            title={`@${user.user_name} on Spotreel`}
            path={paths.user(user.vanity_url)}
          />
        </>
      }
    />
  );
}
