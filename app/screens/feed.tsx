import { Smartphone } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import type { Review } from '../../contract/reviews';
import { browserReads } from '../api/reads';
import { NotFound } from '../layout/page-header';
import { AppActionButton } from '../features/app-install/app-action-button';
import {
  staticFeedSource,
  WATCH_MAX_LIMIT,
  watchFeedSource,
  type FeedPage,
  type FeedSource,
} from '../features/feed/feed-source';
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
  /** The video the address names (?video=), as an index of `first.items`; 0 without one. */
  start: number;
}

/** The query parameter that names the video a feed shows (docs/decisions/033-feed-addresses.md). */
export const FEED_VIDEO_PARAM = 'video';

/** The id in `?video=`, or null. */
function videoOf(url: URL): number | null {
  const value = url.searchParams.get(FEED_VIDEO_PARAM) ?? '';
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/**
 * A page that reaches the named video (its index, from the first video on), and where it is. A
 * video the list no longer holds (the watch list leaves out what this visitor has seen) is read on
 * its own with `one` and opens the feed: its address always shows it.
 */
async function openAt(
  source: FeedSource,
  video: number | null,
  one?: (id: number) => Promise<Review | null>,
): Promise<{ first: FeedPage; start: number }> {
  let first = await source.fetch({ cursor: null, limit: FEED_PAGE_SIZE });
  if (video === null) return { first, start: 0 };
  let index = first.items.findIndex((review) => review.clm_id === video);
  // Further pages until the video comes (a few: the watch list holds at most 50).
  while (index === -1 && first.cursor !== null && first.items.length < WATCH_MAX_LIMIT) {
    const more = await source.fetch({ cursor: first.cursor, limit: FEED_PAGE_SIZE });
    if (more.items.length === 0) break;
    first = { items: [...first.items, ...more.items], cursor: more.cursor };
    index = first.items.findIndex((review) => review.clm_id === video);
  }
  if (index === -1 && one) {
    const named = await one(video);
    if (named) return { first: { items: [named, ...first.items], cursor: first.cursor }, start: 0 };
  }
  return { first, start: Math.max(index, 0) };
}

const notFound = (key: string): FeedData => ({
  key,
  title: null,
  description: '',
  first: { items: [], cursor: null },
  all: null,
  share: null,
  start: 0,
});

/** One full-height feed over the home watch list, a collection or a user collection (spec §2.4). */
export const screen = defineScreen<FeedData>({
  async load({ reads, screen, url }) {
    const video = videoOf(url);
    if (screen.id === 'collection') {
      const id = screen.params.collectionId ?? '';
      const collection = /^\d{1,12}$/.test(id) ? await reads.collection({ id: Number(id) }) : null;
      if (!collection) return notFound(`collection:${id}`);
      const source = staticFeedSource(`collection:${id}`, collection.content);
      return {
        key: source.key,
        title: collection.clm_name,
        description: collection.clm_description,
        ...(await openAt(source, video)),
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
        ...(await openAt(source, video)),
        all: list.reviews,
        share: { type: 'user_collection', id: list.id },
      };
    }
    const opened = await openAt(watchFeedSource(reads), video, (id) => reads.review({ id })).catch(
      () => ({
        first: { items: [], cursor: null },
        start: 0,
      }),
    );
    return {
      key: 'watch',
      title: 'Your feed',
      description: 'The best videos from locals right now.',
      ...opened,
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
  // A collection's own address (what it shares, and its videos' addresses); the home feed has none.
  const sharePath =
    screen.id === 'collection'
      ? paths.collection(screen.params.collectionId ?? '')
      : screen.id === 'user-collection'
        ? paths.userCollection(
            screen.params.userIdentifier ?? '',
            screen.params.userCollectionId ?? '',
          )
        : null;
  const feedPath = sharePath ?? paths.feed();
  const addressOf = useCallback(
    (review: Review) => `${feedPath}?${FEED_VIDEO_PARAM}=${review.clm_id}`,
    [feedPath],
  );
  return (
    <div className={styles.feedScreen}>
      <header className={`${styles.intro} visually-hidden-below-desktop`}>
        <h1 className={styles.title}>{data.title}</h1>
        {data.description ? <p className={styles.description}>{data.description}</p> : null}
      </header>
      <VideoFeed
        source={source}
        initial={data.first}
        startAt={data.start}
        addressOf={addressOf}
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
