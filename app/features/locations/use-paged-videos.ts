import { useCallback, useState } from 'react';
import type { VideoList } from '../../../contract/reviews';
import type { Review } from '../../../contract/reviews';
import { mergeVideos } from '../../components/ui/video-grid';
import { browserApi } from '../../api/browser-api';

/** spec §9: 15 videos on first load, then pages of 20. */
export const FIRST_PAGE_SIZE = 15;
export const PAGE_SIZE = 20;

/**
 * A place's videos after the first 15: pages of 20 from page 1 (the first 15 come again and are
 * dropped), then 2, 3, … while has_more is '1' (docs/decisions/005-api-contract.md).
 */
export function usePagedVideos(locationId: number, first: VideoList | null) {
  const [videos, setVideos] = useState<Review[]>(first?.data ?? []);
  const [nextPage, setNextPage] = useState(1);
  const [hasMore, setHasMore] = useState(first?.pagination_data.has_more === '1');
  const [loading, setLoading] = useState(false);

  const loadMore = useCallback(async () => {
    if (loading || !hasMore) return;
    setLoading(true);
    const page = await browserApi().get<VideoList>(`/api/v3/locations/${locationId}/videos`, {
      page: nextPage,
      per_page: PAGE_SIZE,
    });
    setLoading(false);
    if (!page) return;
    setVideos((current) => mergeVideos(current, page.data));
    setNextPage(page.pagination_data.page + 1);
    setHasMore(page.pagination_data.has_more === '1');
  }, [loading, hasMore, locationId, nextPage]);

  return { videos, hasMore, loading, loadMore };
}
