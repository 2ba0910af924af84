import { useCallback, useRef } from 'react';
import type { CityFeed } from '../../../contract/feeds';
import type { Review } from '../../../contract/reviews';
import { browserReads } from '../../api/reads';
import { useLoadWhenNear, usePagedList } from '../../shared/use-paged-list';

/** spec §9: the city feed comes 4 at a time; `next_start` asks for more. */
export const CITY_FEED_LIMIT = 4;

const videoId = (video: Review) => video.clm_id;

/** The city feed, loading the next 4 at a time while the sentinel after it is near the screen. */
export function useCityFeed(cityId: number, first: Pick<CityFeed, 'content' | 'next_start'>) {
  const fetchPage = useCallback(
    async (start: number) => {
      const page = await browserReads().cityFeed({ id: cityId }, { limit: CITY_FEED_LIMIT, start });
      return page && { items: page.content, next: page.next_start };
    },
    [cityId],
  );
  const list = usePagedList({
    key: `city:${cityId}`,
    first: { items: first.content, next: first.next_start },
    fetchPage,
    idOf: videoId,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  // Near the end (or past it, after a fast flick), the next pages on their own.
  useLoadWhenNear(sentinel, list);
  const { hasMore, loadMore } = list;

  return { videos: list.items, hasMore, loading: list.loading, sentinel, loadMore };
}
