import { NotFound } from '../layout/page-header';
import { ShareButton } from '../features/sharing/share-button';
import { UserPage, type UserPageData } from '../features/users/user-page';
import { EditProfileButton } from '../features/users/edit-profile';
import { paths } from '../paths';
import { defineScreen } from './screen-module';

/** Creator profile `users/:userSlug` (spec §2.4). */
export const screen = defineScreen<UserPageData | { user: null }>({
  async load({ reads, screen }) {
    const route = await reads.route(
      { slug: screen.params.userSlug ?? '' },
      { target_type: 'user' },
    );
    const user = route?.targetType === 'user' ? route.target : null;
    if (!user) return { user: null };
    const [byCity, collections] = await Promise.all([
      reads.userReviewsByCity({ id: user.user_id }),
      reads.userCollections({ userId: user.user_id }),
    ]);
    return {
      user,
      byCity,
      collections: collections && 'data' in collections ? collections : null,
    };
  },
  meta: (data) =>
    data.user
      ? {
          title: `${data.user.display_name} (@${data.user.user_name}) · Spotreel`,
          description: data.user.bio || `Videos of favourite spots by @${data.user.user_name}.`,
          canonicalPath: paths.user(data.user.vanity_url),
          social: {
            type: 'profile',
            image: { url: data.user.avatar_url, alt: data.user.display_name },
          },
        }
      : {
          title: 'Creator not found · Spotreel',
          description: 'This creator is not on Spotreel.',
          status: 404,
        },
  shareResource: (data) => (data.user ? { type: 'user', id: data.user.user_id } : null),
  Screen: ({ data }) =>
    data.user ? (
      <UserPage
        data={data}
        actions={
          <>
            <EditProfileButton profile={data.user} />
            <ShareButton
              title={`@${data.user.user_name} on Spotreel`}
              path={paths.user(data.user.vanity_url)}
            />
          </>
        }
      />
    ) : (
      <NotFound what="creator" />
    ),
});
