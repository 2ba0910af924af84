import { describe, expect, it } from 'vitest';
import type { Collection, UserCollection } from '../../../contract/collections';
import type { Watch } from '../../../contract/feeds';
import type { Review } from '../../../contract/reviews';
import type { ApiClient, ApiQuery } from '../../api/client';
import { readsOver } from '../../api/reads';
import { sampleReview } from '../../shared/video-player/review-fixture';
import {
  FeedUnavailableError,
  WATCH_MAX_LIMIT,
  collectionFeedSource,
  offsetOf,
  pageOf,
  staticFeedSource,
  uniqueReviews,
  userCollectionFeedSource,
  watchFeedSource,
  type FeedSource,
} from './feed-source';

interface Call {
  path: string;
  query: ApiQuery | undefined;
}

/** An ApiClient whose get answers from `answer` (null = a failed call) and records each call. */
function fakeApi(answer: (path: string, query: ApiQuery | undefined) => unknown) {
  const calls: Call[] = [];
  const api: ApiClient = {
    async get<T>(path: string, query?: ApiQuery) {
      calls.push({ path, query });
      return answer(path, query) as T | null;
    },
    post: async () => {
      throw new Error('no POST in a feed');
    },
    put: async () => {
      throw new Error('no PUT in a feed');
    },
    request: async () => {
      throw new Error('no request in a feed');
    },
  };
  // The feed sources read through the browser's reads over this client.
  return { api: readsOver(api), calls };
}

const reviews = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => sampleReview(from + i));
const ids = (items: readonly Review[]) => items.map((review) => review.clm_id);

/** The watch endpoint over `pool`: the first `limit` results (at most 50). */
const watchOver = (pool: Review[]) => (_path: string, query: ApiQuery | undefined) => {
  const limit = Math.min(Number(query?.limit), WATCH_MAX_LIMIT);
  return {
    result_type: 'global',
    results: pool
      .slice(0, limit)
      .map((video) => ({ clm_id: video.clm_id, result_type: 'review', video })),
  } satisfies Watch;
};

/** Every page of a source, from the start, `limit` at a time. */
async function allPages(source: FeedSource, limit: number) {
  const pages: { ids: number[]; cursor: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const page = await source.fetch({ cursor, limit });
    pages.push({ ids: ids(page.items), cursor: page.cursor });
    cursor = page.cursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

describe('feed paging helpers', () => {
  it('reads a cursor as an offset', () => {
    expect(offsetOf(null)).toBe(0);
    expect(offsetOf('0')).toBe(0);
    expect(offsetOf('12')).toBe(12);
    expect(() => offsetOf('-1')).toThrow();
    expect(() => offsetOf('six')).toThrow();
    expect(() => offsetOf('')).toThrow();
  });

  it('pages through a complete list, ending on the last page', () => {
    const list = reviews(1, 7);
    expect(pageOf(list, 0, 3, true)).toMatchObject({ cursor: '3' });
    expect(ids(pageOf(list, 3, 3, true).items)).toEqual([4, 5, 6]);
    expect(pageOf(list, 6, 3, true)).toMatchObject({ cursor: null });
    expect(ids(pageOf(list, 6, 3, true).items)).toEqual([7]);
    expect(pageOf(reviews(1, 6), 3, 3, true).cursor).toBeNull();
    expect(pageOf(list, 9, 3, true)).toEqual({ items: [], cursor: null });
  });

  it('keeps a cursor on the last page of a list that may grow', () => {
    expect(pageOf(reviews(1, 6), 3, 3, false).cursor).toBe('6');
    expect(pageOf(reviews(1, 5), 3, 3, false)).toMatchObject({ cursor: '5' });
  });

  it('treats a limit below one as one', () => {
    expect(ids(pageOf(reviews(1, 3), 0, 0, true).items)).toEqual([1]);
    expect(ids(pageOf(reviews(1, 3), 0, 2.7, true).items)).toEqual([1, 2]);
  });

  it('drops repeated clm_ids, keeping the first', () => {
    const first = sampleReview(2, { clm_caption: 'first' });
    const list = uniqueReviews([sampleReview(1), first, sampleReview(2), sampleReview(1)]);
    expect(ids(list)).toEqual([1, 2]);
    expect(list[1]).toBe(first);
  });
});

describe('watch feed source (spec §7 GET /api/v4/global/watch)', () => {
  it('asks for offset + limit results and shows those past the offset', async () => {
    const { api, calls } = fakeApi(watchOver(reviews(1, 30)));
    const source = watchFeedSource(api);
    const first = await source.fetch({ cursor: null, limit: 6 });
    expect(ids(first.items)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first.cursor).toBe('6');
    const second = await source.fetch({ cursor: first.cursor, limit: 6 });
    expect(ids(second.items)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(second.cursor).toBe('12');
    expect(calls).toEqual([
      { path: '/api/v4/global/watch', query: { limit: 6, result_type: 'global' } },
      { path: '/api/v4/global/watch', query: { limit: 12, result_type: 'global' } },
    ]);
    expect(source.key).toBe('watch');
  });

  it('ends when fewer results come back than asked', async () => {
    const { api, calls } = fakeApi(watchOver(reviews(1, 10)));
    const pages = await allPages(watchFeedSource(api), 6);
    expect(pages).toEqual([
      { ids: [1, 2, 3, 4, 5, 6], cursor: '6' },
      { ids: [7, 8, 9, 10], cursor: null },
    ]);
    expect(calls).toHaveLength(2);
  });

  it('ends at the endpoint’s maximum of 50, asking no more than 50', async () => {
    const { api, calls } = fakeApi(watchOver(reviews(1, 80)));
    const pages = await allPages(watchFeedSource(api), 6);
    expect(pages.flatMap((page) => page.ids)).toEqual(ids(reviews(1, 50)));
    expect(pages.at(-1)).toEqual({ ids: [49, 50], cursor: null });
    expect(Math.max(...calls.map((call) => Number(call.query?.limit)))).toBe(WATCH_MAX_LIMIT);
    expect(calls).toHaveLength(9); // 6, 12, …, 48, then 50 once
  });

  it('answers a cursor past 50 with the end, from what it already has', async () => {
    const { api, calls } = fakeApi(watchOver(reviews(1, 80)));
    const source = watchFeedSource(api);
    expect(await source.fetch({ cursor: '60', limit: 6 })).toEqual({ items: [], cursor: null });
    expect(calls).toHaveLength(1);
    expect(await source.fetch({ cursor: '66', limit: 6 })).toEqual({ items: [], cursor: null });
    expect(calls).toHaveLength(1);
  });

  it('serves a page it already holds without another call', async () => {
    const { api, calls } = fakeApi(watchOver(reviews(1, 30)));
    const source = watchFeedSource(api);
    await source.fetch({ cursor: null, limit: 12 });
    expect(ids((await source.fetch({ cursor: '6', limit: 6 })).items)).toEqual([
      7, 8, 9, 10, 11, 12,
    ]);
    expect(calls).toHaveLength(1);
  });

  it('continues from a first page loaded elsewhere (on the server)', async () => {
    const { api, calls } = fakeApi(watchOver(reviews(1, 30)));
    const page = await watchFeedSource(api).fetch({ cursor: '6', limit: 6 });
    expect(ids(page.items)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(calls[0]?.query).toEqual({ limit: 12, result_type: 'global' });
  });

  it('never shows a clm_id twice', async () => {
    const pool = [...reviews(1, 4), sampleReview(2), ...reviews(5, 9)];
    const { api } = fakeApi(watchOver(pool));
    const pages = await allPages(watchFeedSource(api), 4);
    const shown = pages.flatMap((page) => page.ids);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('asks for more when repeats leave a page short', async () => {
    const pool = [...reviews(1, 4), sampleReview(2), sampleReview(3), ...reviews(5, 20)];
    const { api, calls } = fakeApi(watchOver(pool));
    const source = watchFeedSource(api);
    await source.fetch({ cursor: null, limit: 4 });
    const second = await source.fetch({ cursor: '4', limit: 4 });
    expect(ids(second.items)).toEqual([5, 6, 7, 8]);
    expect(second.cursor).toBe('8');
    expect(calls.map((call) => call.query?.limit)).toEqual([4, 8, 10]);
  });

  it('rejects when the call fails, and tries again on the next fetch', async () => {
    let fail = true;
    const { api, calls } = fakeApi((path, query) =>
      fail ? null : watchOver(reviews(1, 9))(path, query),
    );
    const source = watchFeedSource(api);
    await expect(source.fetch({ cursor: null, limit: 6 })).rejects.toBeInstanceOf(
      FeedUnavailableError,
    );
    fail = false;
    expect(ids((await source.fetch({ cursor: null, limit: 6 })).items)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(calls).toHaveLength(2);
  });

  it('rejects a cursor that is not an offset', async () => {
    const { api, calls } = fakeApi(watchOver(reviews(1, 9)));
    await expect(watchFeedSource(api).fetch({ cursor: 'abc', limit: 6 })).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });
});

describe('collection feed source (spec §7 GET /api/v2/collections/{id})', () => {
  const collection = (content: Review[]): Collection => ({
    clm_id: 31,
    clm_name: 'Date night in Logan Square',
    clm_description: 'Candlelit spots the locals keep coming back to.',
    city: null,
    content,
  });

  it('loads the collection once and pages through its content', async () => {
    const { api, calls } = fakeApi(() => collection(reviews(1, 8)));
    const source = collectionFeedSource(api, '31');
    expect(await allPages(source, 3)).toEqual([
      { ids: [1, 2, 3], cursor: '3' },
      { ids: [4, 5, 6], cursor: '6' },
      { ids: [7, 8], cursor: null },
    ]);
    expect(calls).toEqual([{ path: '/api/v2/collections/31', query: undefined }]);
    expect(source.key).toBe('collection:31');
  });

  it('drops repeated videos in the content', async () => {
    const { api } = fakeApi(() =>
      collection([sampleReview(1), sampleReview(2), sampleReview(1), sampleReview(3)]),
    );
    const pages = await allPages(collectionFeedSource(api, '31'), 2);
    expect(pages).toEqual([
      { ids: [1, 2], cursor: '2' },
      { ids: [3], cursor: null },
    ]);
  });

  it('ends at once for an empty collection', async () => {
    const { api } = fakeApi(() => collection([]));
    expect(await collectionFeedSource(api, '31').fetch({ cursor: null, limit: 6 })).toEqual({
      items: [],
      cursor: null,
    });
  });

  it('rejects when the call fails and does not keep the failure', async () => {
    let answer: Collection | null = null;
    const { api, calls } = fakeApi(() => answer);
    const source = collectionFeedSource(api, '31');
    await expect(source.fetch({ cursor: '3', limit: 3 })).rejects.toBeInstanceOf(
      FeedUnavailableError,
    );
    answer = collection(reviews(1, 8));
    expect(ids((await source.fetch({ cursor: '3', limit: 3 })).items)).toEqual([4, 5, 6]);
    expect(calls).toHaveLength(2);
  });
});

describe('user collection feed source (spec §7 GET /api/user/collections/{userId}?single=)', () => {
  const list = (items: Review[]): UserCollection => ({
    id: 4,
    name: 'Tacos worth the queue',
    user: sampleReview(1).author,
    reviews: items,
  });

  it('loads the list once with single=id and pages through its reviews', async () => {
    const { api, calls } = fakeApi(() => list(reviews(10, 14)));
    const source = userCollectionFeedSource(api, '9', '4');
    expect(await allPages(source, 2)).toEqual([
      { ids: [10, 11], cursor: '2' },
      { ids: [12, 13], cursor: '4' },
      { ids: [14], cursor: null },
    ]);
    expect(calls).toEqual([{ path: '/api/user/collections/9', query: { single: 4 } }]);
    expect(source.key).toBe('user-collection:9:4');
  });

  it('rejects when the call fails', async () => {
    const { api } = fakeApi(() => null);
    await expect(
      userCollectionFeedSource(api, '9', '4').fetch({ cursor: null, limit: 6 }),
    ).rejects.toBeInstanceOf(FeedUnavailableError);
  });
});

describe('static feed source', () => {
  it('pages through reviews already in hand, without repeats', async () => {
    const source = staticFeedSource('collection:31', [...reviews(1, 4), sampleReview(2)]);
    expect(source.key).toBe('collection:31');
    expect(await allPages(source, 3)).toEqual([
      { ids: [1, 2, 3], cursor: '3' },
      { ids: [4], cursor: null },
    ]);
  });

  it('ends at once when there is nothing', async () => {
    expect(await staticFeedSource('empty', []).fetch({ cursor: null, limit: 6 })).toEqual({
      items: [],
      cursor: null,
    });
  });
});
