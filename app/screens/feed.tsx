import { Smartphone } from 'lucide-react';
import { useMemo } from 'react';
import { browserReads } from '../api/reads';
import { NotFound } from '../layout/page-header';
import { AppActionButton } from '../features/app-install/app-action-button';
import { staticFeedSource, watchFeedSource, type FeedPage } from '../features/feed/feed-source';
import { FEED_PAGE_SIZE, VideoFeed } from '../features/feed/video-feed';
import { ShareButton } from '../features/sharing/share-button';
import type { ShareResource } from '../features/sharing/referrer';
import { recordView } from '../shared/video-player/record-view';
import { paths } from '../paths';
import type { Screen } from '../route-sets';
import { defineScreen } from './screen-module';
import styles from './screens.module.css';

interface FeedData {
  /** 'watch' for the home feed, else the collection's key. */
  key: string;
  title: string | null;
  description: string;
  first: FeedPage;
  /** A collection's whole list (collections are small and come in one call). */
  all: FeedPage['items'] | null;
  share: ShareResource | null;
}

const notFound = (key: string): FeedData => ({
  key,
  title: null,
  description: '',
  first: { items: [], cursor: null },
  all: null,
  share: null,
});

/** One full-height feed over the home watch list, a collection or a user collection (spec §2.4). */
export const screen = defineScreen<FeedData>({
  async load({ reads, screen }) {
    if (screen.id === 'collection') {
      const id = screen.params.collectionId ?? '';
      const collection = /^\d{1,12}$/.test(id) ? await reads.collection({ id: Number(id) }) : null;
      if (!collection) return notFound(`collection:${id}`);
      const source = staticFeedSource(`collection:${id}`, collection.content);
      return {
        key: source.key,
        title: collection.clm_name,
        description: collection.clm_description,
        first: await source.fetch({ cursor: null, limit: FEED_PAGE_SIZE }),
        all: collection.content,
        share: { type: 'collection', id: collection.clm_id },
      };
    }
    if (screen.id === 'user-collection') {
      const userIdentifier = screen.params.userIdentifier ?? '';
      const listId = screen.params.userCollectionId ?? '';
      // spec §2.4 userIdentifier: the owner's id, username or vanity url, as users/:userSlug
      // takes them (ADR 006): the route read names the user either way.
      const owner = /^\d{1,12}$/.test(listId)
        ? await reads.route({ slug: userIdentifier }, { target_type: 'user' })
        : null;
      const userId = owner?.targetType === 'user' ? owner.targetId : null;
      const list =
        userId === null ? null : await reads.userCollections({ userId }, { single: listId });
      // With `single`, the answer is that one list (its reviews), not the owner's lists.
      if (!list || !('reviews' in list))
        return notFound(`user-collection:${userIdentifier}:${listId}`);
      const source = staticFeedSource(`user-collection:${userId}:${listId}`, list.reviews);
      return {
        key: source.key,
        title: list.name,
        description: `A list by @${list.user.clm_username}.`,
        first: await source.fetch({ cursor: null, limit: FEED_PAGE_SIZE }),
        all: list.reviews,
        share: { type: 'user_collection', id: list.id },
      };
    }
    const first = await watchFeedSource(reads)
      .fetch({ cursor: null, limit: FEED_PAGE_SIZE })
      .catch(() => ({ items: [], cursor: null }));
    return {
      key: 'watch',
      title: 'Your feed',
      description: 'The best videos from locals right now.',
      first,
      all: null,
      share: null,
    };
  },
  meta: (data) =>
    data.title
      ? {
          title: `${data.title} · Spotreel`,
          description:
            data.description || 'Short videos of spots worth the trip, one after another.',
          social: data.first.items[0]
            ? {
                type: 'video.other',
                image: { url: data.first.items[0].video.poster_url, width: 360, height: 640 },
              }
            : { type: 'website' },
        }
      : {
          title: 'Collection not found · Spotreel',
          description: 'This collection is not on Spotreel.',
          status: 404,
        },
  shareResource: (data) => data.share,
  Screen: ({ data, screen }) =>
    data.title ? <Feed data={data} screen={screen} /> : <NotFound what="collection" />,
});

function Feed({ data, screen }: { data: FeedData; screen: Screen }) {
  const source = useMemo(
    () => (data.all ? staticFeedSource(data.key, data.all) : watchFeedSource(browserReads())),
    [data.key, data.all],
  );
  const sharePath =
    screen.id === 'collection'
      ? paths.collection(screen.params.collectionId ?? '')
      : screen.id === 'user-collection'
        ? paths.userCollection(
            screen.params.userIdentifier ?? '',
            screen.params.userCollectionId ?? '',
          )
        : null;
  return (
    <div className={styles.feedScreen}>
      <header className={styles.intro}>
        <h1 className={styles.title}>{data.title}</h1>
        {data.description ? <p className={styles.description}>{data.description}</p> : null}
      </header>
      <VideoFeed
        source={source}
        initial={data.first}
        title={data.title ?? ''}
        onView={recordView}
        actions={(review) => (
          <>
            <AppActionButton
              action="open-in-app"
              variant="secondary"
              iconOnly
              icon={<Smartphone aria-hidden="true" />}
            >
              Open in app
            </AppActionButton>
            <ShareButton
              title={review.location.clm_name}
              path={sharePath ?? paths.review(review.clm_id)}
              iconOnly
            />
          </>
        )}
      />
    </div>
  );
}
