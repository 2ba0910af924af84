import { useCallback, useState } from 'react';
import type { ClassificationList } from '../../../contract/classifications';
import { browserApi } from '../../api/browser-api';

/** spec §9: cuisine and category lists come 10 a page, page 1 first. */
export const CLASSIFICATIONS_PER_PAGE = 10;

/** A city's cuisines (pinned first, by count) or practical categories (by count), page by page. */
export function useClassificationPages(
  kind: 'cuisines' | 'practical-categories',
  cityId: number,
  first: ClassificationList | null,
) {
  const [items, setItems] = useState(first?.data ?? []);
  const [page, setPage] = useState(first?.pagination_data.page ?? 1);
  const [hasMore, setHasMore] = useState(first?.pagination_data.has_more === '1');
  const [loading, setLoading] = useState(false);
  const loadMore = useCallback(async () => {
    if (loading || !hasMore) return;
    setLoading(true);
    const next = await browserApi().get<ClassificationList>(`/api/v3/classifications/${kind}`, {
      city_id: cityId,
      page: page + 1,
      per_page: CLASSIFICATIONS_PER_PAGE,
      ...(kind === 'cuisines' ? { pinned_first: 'true' } : {}),
    });
    setLoading(false);
    if (!next) return;
    setItems((current) => [
      ...current,
      ...next.data.filter((c) => !current.some((o) => o.clm_id === c.clm_id)),
    ]);
    setPage(next.pagination_data.page);
    setHasMore(next.pagination_data.has_more === '1');
  }, [cityId, hasMore, kind, loading, page]);
  return { items, hasMore, loading, loadMore };
}
