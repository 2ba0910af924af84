import { useCallback, useEffect, useRef } from 'react';
import type { CityFeed } from '../../../contract/feeds';
import type { Review } from '../../../contract/reviews';
import { browserReads } from '../../api/reads';
import { usePagedList } from '../../shared/use-paged-list';

/** spec §9: the city feed comes 4 at a time; `next_start` asks for more. */
export const CITY_FEED_LIMIT = 4;

const videoId = (video: Review) => video.clm_id;

/** The city feed, loading the next 4 when the sentinel scrolls near the viewport. */
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
  const { hasMore, loadMore, failed } = list;

  // Near the end, the next page on its own; after a failure only the button asks again.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore, hasMore, failed]);

  return { videos: list.items, hasMore, loading: list.loading, sentinel, loadMore };
}
