import { useCallback, useEffect, useRef, useState } from 'react';
import type { CityFeed } from '../../../contract/feeds';
import type { Review } from '../../../contract/reviews';
import { browserApi } from '../../api/browser-api';
import { mergeVideos } from '../../components/ui/video-grid';

/** spec §9: the city feed comes 4 at a time; `next_start` asks for more. */
export const CITY_FEED_LIMIT = 4;

/** The city feed, loading the next 4 when the sentinel scrolls near the viewport. */
export function useCityFeed(cityId: number, first: Pick<CityFeed, 'content' | 'next_start'>) {
  const [videos, setVideos] = useState<Review[]>(first.content);
  const [nextStart, setNextStart] = useState<number | null>(first.next_start);
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const loadMore = useCallback(async () => {
    if (loading || nextStart === null) return;
    setLoading(true);
    const page = await browserApi().get<CityFeed>(`/api/v2/cities/${cityId}/feed`, {
      limit: CITY_FEED_LIMIT,
      start: nextStart,
    });
    setLoading(false);
    if (!page) return;
    setVideos((current) => mergeVideos(current, page.content));
    setNextStart(page.next_start);
  }, [cityId, loading, nextStart]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || nextStart === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore, nextStart]);

  return { videos, hasMore: nextStart !== null, loading, sentinel, loadMore };
}
