import type { Collection, UserCollection } from '../../contract/collections';
import type { Watch } from '../../contract/feeds';
import type { Review } from '../../contract/reviews';
import { NotFound, PageHeader } from '../components/layout/page-header';
import { defineScreen } from './screen-module';
import { VideoGrid } from '../components/ui/video-grid';
import styles from './screens.module.css';

interface FeedData {
  title: string | null;
  reviews: Review[];
}

/** Feed and collections (`feed`, `collections/:id`, `users/:u/collections/:id`); issue 4 makes it a full-height player. */
export const screen = defineScreen<FeedData>({
  async load({ api, screen }) {
    if (screen.id === 'collection') {
      const id = screen.params.collectionId ?? '';
      const collection = /^\d{1,12}$/.test(id)
        ? await api.get<Collection>(`/api/v2/collections/${id}`)
        : null;
      return { title: collection?.clm_name ?? null, reviews: collection?.content ?? [] };
    }
    if (screen.id === 'user-collection') {
      const userId = screen.params.userIdentifier ?? '';
      const listId = screen.params.userCollectionId ?? '';
      const list =
        /^\d{1,12}$/.test(userId) && /^\d{1,12}$/.test(listId)
          ? await api.get<UserCollection>(`/api/user/collections/${userId}`, { single: listId })
          : null;
      return { title: list?.name ?? null, reviews: list?.reviews ?? [] };
    }
    const watch = await api.get<Watch>('/api/v4/global/watch', {
      limit: 20,
      result_type: 'global',
    });
    return { title: 'Your feed', reviews: watch?.results.map((r) => r.video) ?? [] };
  },
  meta: ({ title }) =>
    title
      ? {
          title: `${title} · Spotreel`,
          description: 'Short videos of spots worth the trip, one after another.',
        }
      : {
          title: 'Collection not found · Spotreel',
          description: 'This collection is not on Spotreel.',
          status: 404,
        },
  Screen: ({ data }) =>
    data.title ? (
      <>
        <PageHeader title={data.title} />
        <div className={`page-width ${styles.videos}`}>
          <VideoGrid reviews={data.reviews} label={data.title} />
        </div>
      </>
    ) : (
      <NotFound what="collection" />
    ),
});
