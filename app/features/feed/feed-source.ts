import type { Reads } from '../../../contract/endpoints';
import { idFromDigits } from '../../../contract/storable';
import type { Review } from '../../../contract/reviews';

/** One page of a feed; `cursor` asks for the next page, null at the end. */
export interface FeedPage {
  items: Review[];
  cursor: string | null;
}

/**
 * Where a video feed's pages come from (the founders' code guidance: the home watch list, a
 * collection and a user collection all feed one video-feed component through one small
 * interface). `key` names the feed: a new key is a new feed.
 */
export interface FeedSource {
  key: string;
  fetch(args: { cursor: string | null; limit: number }): Promise<FeedPage>;
}

/** The watch endpoint's largest limit (contract/feeds.ts WatchQuery). */
export const WATCH_MAX_LIMIT = 50;

/** A call that answered nothing (spec §8: the client logged it): the feed may try again. */
export class FeedUnavailableError extends Error {
  constructor(what: string) {
    super(`${what} could not be loaded`);
    this.name = 'FeedUnavailableError';
  }
}

/** The reviews of `items` without repeats of a clm_id (spec §3: the video's clm_id is the key). */
export function uniqueReviews(items: readonly Review[]): Review[] {
  const seen = new Set<number>();
  return items.filter((review) => !seen.has(review.clm_id) && seen.add(review.clm_id));
}

/** The offset a cursor stands for: cursors are offsets written as strings. */
export function offsetOf(cursor: string | null): number {
  if (cursor === null) return 0;
  if (!/^\d{1,9}$/.test(cursor)) throw new Error(`Not a feed cursor: ${cursor}`);
  return Number(cursor);
}

/**
 * The page at `offset` of a list held in the client. `complete` says the list is all there is;
 * otherwise a later call may bring more, so the page keeps a cursor.
 */
export function pageOf(
  list: readonly Review[],
  offset: number,
  limit: number,
  complete: boolean,
): FeedPage {
  const items = list.slice(offset, offset + pageSize(limit));
  const next = offset + items.length;
  return { items, cursor: next < list.length || !complete ? String(next) : null };
}

function pageSize(limit: number): number {
  return Number.isFinite(limit) ? Math.max(1, Math.floor(limit)) : 1;
}

/**
 * A source over a list the API sends whole: one call, kept for later pages (a failed call is not
 * kept, so the next page tries again).
 */
function wholeListSource(key: string, load: () => Promise<Review[] | null>, what: string) {
  let list: Promise<Review[]> | null = null;
  const source: FeedSource = {
    key,
    async fetch({ cursor, limit }) {
      const offset = offsetOf(cursor);
      list ??= load().then((items) => {
        if (items === null) throw new FeedUnavailableError(what);
        return uniqueReviews(items);
      });
      try {
        return pageOf(await list, offset, limit, true);
      } catch (error) {
        list = null;
        throw error;
      }
    },
  };
  return source;
}

/**
 * spec §7 GET /api/v4/global/watch. The endpoint has no cursor, only a limit (at most 50): a page
 * at `offset` asks for offset + limit results and shows the ones past the offset. The longest list
 * fetched is kept, so paging back or re-asking costs no call. It ends when fewer results come back
 * than asked, or at the limit's maximum.
 */
export function watchFeedSource(reads: Reads): FeedSource {
  let known: { list: Review[]; complete: boolean } = { list: [], complete: false };
  return {
    key: 'watch',
    async fetch({ cursor, limit }) {
      const offset = offsetOf(cursor);
      const wanted = offset + pageSize(limit);
      let asked = Math.min(wanted, WATCH_MAX_LIMIT);
      // Repeated videos shrink what comes back: ask for as many more until the page is full.
      while (!known.complete && known.list.length < wanted) {
        const watch = await reads.watch({}, { limit: asked, result_type: 'global' });
        if (watch === null) throw new FeedUnavailableError('The watch list');
        known = {
          list: uniqueReviews(watch.results.map((result) => result.video)),
          complete: watch.results.length < asked || asked >= WATCH_MAX_LIMIT,
        };
        asked = Math.min(asked + wanted - known.list.length, WATCH_MAX_LIMIT);
      }
      return pageOf(known.list, offset, limit, known.complete);
    },
  };
}

/** spec §7 GET /api/v2/collections/{id}: the collection's content, paged in the client. */
export function collectionFeedSource(reads: Reads, collectionId: string): FeedSource {
  return wholeListSource(
    `collection:${collectionId}`,
    async () => {
      const id = idFromDigits(collectionId);
      return id === null ? null : ((await reads.collection({ id }))?.content ?? null);
    },
    'The collection',
  );
}

/** spec §7 GET /api/user/collections/{userId}?single={id}: the list's reviews, paged in the client. */
export function userCollectionFeedSource(
  reads: Reads,
  userId: string,
  userCollectionId: string,
): FeedSource {
  return wholeListSource(
    `user-collection:${userId}:${userCollectionId}`,
    async () => {
      const owner = idFromDigits(userId);
      const single = idFromDigits(userCollectionId);
      if (owner === null || single === null) return null;
      const list = await reads.userCollections({ userId: owner }, { single });
      return list && 'reviews' in list ? list.reviews : null;
    },
    'The list',
  );
}

/** Reviews already in hand (loaded with the page on the server), paged in the client. */
export function staticFeedSource(key: string, items: Review[]): FeedSource {
  const list = uniqueReviews(items);
  return {
    key,
    fetch: async ({ cursor, limit }) => pageOf(list, offsetOf(cursor), limit, true),
  };
}
