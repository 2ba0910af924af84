/**
 * The results page's address (issue 18, docs/decisions/036-search-results-page.md): what the
 * query string holds and how it is read and written. Pure; the links that open results (the
 * search boxes, the landing and city chips, the filter form) all write it here.
 *
 * `q` the words typed; `category` and `cuisine` a classification's safe_name (a landing chip
 * names a super category: `dining`, `nightlife`…); `price` levels 1–4, comma-joined (a plain
 * form sends `price=1&price=2`, read the same); `open_now=1`; `sort` relevance (left out),
 * popularity or distance. The visitor's position is never in the address.
 */

export const RESULT_SORTS = ['relevance', 'popularity', 'distance'] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

export interface ResultsQuery {
  /** The words typed, trimmed and collapsed; may be empty when a filter names what to find. */
  q: string;
  category: string | null;
  cuisine: string | null;
  /** Price levels 1–4, ascending, each once. */
  price: number[];
  openNow: boolean;
  sort: ResultSort;
}

export const EMPTY_RESULTS_QUERY: ResultsQuery = {
  q: '',
  category: null,
  cuisine: null,
  price: [],
  openNow: false,
  sort: 'relevance',
};

/** wonder-search takes at most 100 characters of term. */
export const MAX_TERM_LENGTH = 100;

const SAFE_NAME = /^[a-z0-9][a-z0-9_-]{0,59}$/;

const safeName = (value: string | null): string | null => {
  const name = value?.trim().toLowerCase() ?? '';
  return SAFE_NAME.test(name) ? name : null;
};

/**
 * The results query an address asks for. Lenient: what the API would refuse (a price of 9,
 * a sort it does not know, a category with spaces) is dropped rather than failing the page, so
 * a hand-edited or old link still shows results.
 */
export function parseResultsQuery(params: URLSearchParams): ResultsQuery {
  const q = [...(params.get('q') ?? '').trim().replace(/\s+/g, ' ')]
    .slice(0, MAX_TERM_LENGTH)
    .join('')
    .trim();
  const price = [
    ...new Set(
      params
        .getAll('price')
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => /^[1-4]$/.test(v))
        .map(Number),
    ),
  ].sort((a, b) => a - b);
  const openNow = ['1', 'true', 'on'].includes(params.get('open_now') ?? '');
  const sort = params.get('sort');
  return {
    q,
    category: safeName(params.get('category')),
    cuisine: safeName(params.get('cuisine')),
    price,
    openNow,
    sort: RESULT_SORTS.includes(sort as ResultSort) ? (sort as ResultSort) : 'relevance',
  };
}

/**
 * The query string of a results address, defaults left out, in one order (one page-cache entry
 * per search). `q` stays, even empty, when no category or cuisine says this is a search.
 */
export function resultsSearch(query: ResultsQuery): string {
  const params = new URLSearchParams();
  if (query.q !== '' || (!query.category && !query.cuisine)) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.cuisine) params.set('cuisine', query.cuisine);
  if (query.price.length > 0) params.set('price', query.price.join(','));
  if (query.openNow) params.set('open_now', '1');
  if (query.sort !== 'relevance') params.set('sort', query.sort);
  return `?${params.toString()}`;
}

/** Whether two results queries ask the same (their addresses are the same). */
export const sameResultsQuery = (a: ResultsQuery, b: ResultsQuery) =>
  resultsSearch(a) === resultsSearch(b);

/** How many filters narrow the places (the words and the order are no filters). */
export const filterCount = (query: ResultsQuery): number =>
  [query.category, query.cuisine, query.price.length > 0, query.openNow].filter(Boolean).length;

/**
 * Whether an address asks for search results (issue 18, ADR 036): a `q` (even empty: the
 * results page then asks what to look for) or a category or cuisine filter (the chips). The
 * home route and a city route show the results page when asked.
 */
export function asksForResults(url: URL): boolean {
  const query = url.searchParams;
  return query.has('q') || [query.get('category'), query.get('cuisine')].some((v) => !!v?.trim());
}
