import type { Reads } from '../../../contract/endpoints';
import { idFromDigits } from '../../../contract/storable';
import type { Review } from '../../../contract/reviews';
import type { ShareResource } from '../../../contract/trackers';
import {
  staticFeedSource,
  WATCH_MAX_LIMIT,
  watchFeedSource,
  type FeedPage,
  type FeedSource,
} from './feed-source';
import { FEED_PAGE_SIZE } from './video-feed';

export type FeedKind = 'feed' | 'collection' | 'user-collection';

export interface FeedData {
  kind: FeedKind;
  /** 'watch' for the home feed, else the collection's key. */
  key: string;
  /** null: the collection the address names does not exist. */
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
  return idFromDigits(url.searchParams.get(FEED_VIDEO_PARAM) ?? '');
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

const notFound = (kind: FeedKind, key: string): FeedData => ({
  kind,
  key,
  title: null,
  description: '',
  first: { items: [], cursor: null },
  all: null,
  share: null,
  start: 0,
});

/** The home feed: the global watch list (spec §2.4 `feed`). */
export async function loadWatchFeed(reads: Reads, url: URL): Promise<FeedData> {
  const opened = await openAt(watchFeedSource(reads), videoOf(url), (id) =>
    reads.review({ id }),
  ).catch((error: unknown) => {
    // A failed read fails the page (a 503 to show, server/api/read-route.ts); a watch list
    // refused to this visitor is an empty feed.
    if (error instanceof Response) throw error;
    return { first: { items: [], cursor: null }, start: 0 };
  });
  return {
    kind: 'feed',
    key: 'watch',
    title: 'Your feed',
    description: 'The best videos from locals right now.',
    ...opened,
    all: null,
    share: null,
  };
}

/** An editorial collection (spec §2.4 `collections/:collectionId`). */
export async function loadCollection(reads: Reads, url: URL, id: string): Promise<FeedData> {
  const collectionId = idFromDigits(id);
  const collection = collectionId === null ? null : await reads.collection({ id: collectionId });
  if (!collection) return notFound('collection', `collection:${id}`);
  const source = staticFeedSource(`collection:${id}`, collection.content);
  return {
    kind: 'collection',
    key: source.key,
    title: collection.clm_name,
    description: collection.clm_description,
    ...(await openAt(source, videoOf(url))),
    all: collection.content,
    share: { type: 'collection', id: collection.clm_id },
  };
}

/**
 * A creator's list (spec §2.4 `users/:userIdentifier/collections/:userCollectionId`). The owner
 * is named by id, username or vanity url, as users/:userSlug takes them (ADR 006).
 */
export async function loadUserCollection(
  reads: Reads,
  url: URL,
  userIdentifier: string,
  listId: string,
): Promise<FeedData> {
  const single = idFromDigits(listId);
  const owner =
    single === null ? null : await reads.route({ slug: userIdentifier }, { target_type: 'user' });
  const userId = owner?.targetType === 'user' ? owner.targetId : null;
  const list =
    userId === null || single === null ? null : await reads.userCollections({ userId }, { single });
  // With `single`, the answer is that one list (its reviews), not the owner's lists.
  if (!list || !('reviews' in list))
    return notFound('user-collection', `user-collection:${userIdentifier}:${listId}`);
  const source = staticFeedSource(`user-collection:${userId}:${listId}`, list.reviews);
  return {
    kind: 'user-collection',
    key: source.key,
    title: list.name,
    description: `A list by @${list.user.clm_username}.`,
    ...(await openAt(source, videoOf(url))),
    all: list.reviews,
    share: { type: 'user_collection', id: list.id },
  };
}
