import { useCallback } from 'react';
import type { Review, VideoList } from '../../../contract/reviews';
import { browserReads } from '../../api/reads';
import { nextPageOf, usePagedList } from '../../shared/use-paged-list';

/** spec §9: 15 videos on first load, then pages of 20. */
export const FIRST_PAGE_SIZE = 15;
export const PAGE_SIZE = 20;

const videoId = (video: Review) => video.clm_id;

/**
 * A place's videos after the first 15: pages of 20 from page 1 (the first 15 come again and are
 * dropped), then 2, 3, … while has_more is '1' (docs/decisions/005-api-contract.md).
 */
export function usePagedVideos(locationId: number, first: VideoList | null) {
  const fetchPage = useCallback(
    async (page: number) => {
      const answer = await browserReads().locationVideos(
        { id: locationId },
        { page, per_page: PAGE_SIZE },
      );
      return answer && { items: answer.data, next: nextPageOf(answer) };
    },
    [locationId],
  );
  const list = usePagedList({
    key: `location:${locationId}`,
    first: { items: first?.data ?? [], next: first && nextPageOf(first) !== null ? 1 : null },
    fetchPage,
    idOf: videoId,
  });
  return {
    videos: list.items,
    hasMore: list.hasMore,
    loading: list.loading,
    loadMore: list.loadMore,
  };
}
