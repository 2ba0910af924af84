import type { User } from '../../contract/users';
import type { ReviewsByCity } from '../../contract/user-reviews';
import { NotFound, PageHeader } from '../components/layout/page-header';
import { defineScreen } from './screen-module';
import { VideoGrid } from '../components/ui/video-grid';
import styles from './screens.module.css';

interface UserData {
  user: User | null;
  byCity: ReviewsByCity | null;
}

/** Creator profile `users/:userSlug` (issue 4 completes it). */
export const screen = defineScreen<UserData>({
  async load({ api, screen }) {
    const route = await api.get<{ target: User }>(
      `/api/v2/routes/${encodeURIComponent(screen.params.userSlug ?? '')}`,
      {
        target_type: 'user',
      },
    );
    const user = route?.target ?? null;
    const byCity = user
      ? await api.get<ReviewsByCity>(`/api/v2/users/${user.user_id}/reviews/by-city`)
      : null;
    return { user, byCity };
  },
  meta: ({ user }) =>
    user
      ? { title: `${user.display_name} (@${user.user_name}) · Spotreel`, description: user.bio }
      : {
          title: 'Creator not found · Spotreel',
          description: 'This creator is not on Spotreel.',
          status: 404,
        },
  Screen: ({ data }) =>
    data.user ? (
      <>
        <PageHeader
          eyebrow={`@${data.user.user_name}`}
          title={data.user.display_name}
          lead={data.user.bio}
        />
        <div className={`page-width ${styles.videos}`}>
          <VideoGrid
            reviews={data.byCity?.data.flatMap((group) => group.reviews) ?? []}
            label={`Videos by ${data.user.display_name}`}
          />
        </div>
      </>
    ) : (
      <NotFound what="creator" />
    ),
});
