import { useCallback } from 'react';
import type { Classification, ClassificationList } from '../../../contract/classifications';
import { browserReads } from '../../api/reads';
import { nextPageOf, usePagedList } from '../../shared/use-paged-list';

/** spec §9: cuisine and category lists come 10 a page, page 1 first. */
export const CLASSIFICATIONS_PER_PAGE = 10;

const classificationId = (item: Classification) => item.clm_id;

/** A city's cuisines (pinned first, by count) or practical categories (by count), page by page. */
export function useClassificationPages(
  kind: 'cuisines' | 'practicalCategories',
  cityId: number,
  first: ClassificationList | null,
) {
  const fetchPage = useCallback(
    async (page: number) => {
      const next = await browserReads()[kind](
        {},
        {
          city_id: String(cityId),
          page,
          per_page: CLASSIFICATIONS_PER_PAGE,
          ...(kind === 'cuisines' ? { pinned_first: 'true' } : {}),
        },
      );
      return next && { items: next.data, next: nextPageOf(next) };
    },
    [cityId, kind],
  );
  const list = usePagedList({
    key: `${kind}:${cityId}`,
    first: { items: first?.data ?? [], next: first ? nextPageOf(first) : null },
    fetchPage,
    idOf: classificationId,
  });
  return {
    items: list.items,
    hasMore: list.hasMore,
    loading: list.loading,
    loadMore: list.loadMore,
  };
}
