/**
 * The rules of the search box, kept pure so they are tested without a browser: what to ask
 * wonder-search for, how grouped results become one ordered list of options, how the active
 * option moves, and how a city page ranks its own city first. When a term is worth a search at
 * all is app/shared/search-query.ts.
 */
import type { LocationSummary } from '../../../contract/locations';
import type { Review } from '../../../contract/reviews';
import type { SearchResults } from '../../../contract/search';
import type { ReadUrlQuery } from '../../../contract/endpoints';
import { paths } from '../../paths';

/** Results per type: enough to choose from without a scrolling wall (the endpoint allows 50). */
export const SEARCH_LIMIT_PER_TYPE = 5;

/** The wonder-search query for a term: every type, global (the endpoint has no city filter). */
export function wonderSearchQuery(term: string): ReadUrlQuery<'search'> {
  return {
    search_type: 'global',
    term,
    include: 'locations,users,cities,reviews',
    limit: SEARCH_LIMIT_PER_TYPE,
  };
}

/** The placeholder: a city page names its city. */
export function searchPlaceholder(placeholder: string, scopeCity?: { name: string }): string {
  const name = scopeCity?.name.trim();
  return name ? `Search ${name}` : placeholder;
}

export function noResultsMessage(term: string): string {
  return `No spots match “${term}”. Try a cuisine, a neighbourhood or a city.`;
}

export type SearchGroupKey = 'places' | 'cities' | 'locals' | 'videos';
/** The groups of answers, and the visitor's recent searches shown before anything is typed. */
export type OptionGroupKey = SearchGroupKey | 'recent';

/** The groups in the order they are shown. */
export const SEARCH_GROUPS: readonly { key: SearchGroupKey; label: string }[] = [
  { key: 'places', label: 'Places' },
  { key: 'cities', label: 'Cities' },
  { key: 'locals', label: 'Locals' },
  { key: 'videos', label: 'Videos' },
];

export interface SearchOption {
  /** DOM id, stable while the same result stays in the list (aria-activedescendant). */
  id: string;
  group: OptionGroupKey;
  /** Position in the flat list that the arrow keys walk. */
  index: number;
  href: string;
  title: string;
  detail: string;
  /** Poster or avatar; null when the place has no video yet. */
  image: string | null;
}

export interface SearchGroup {
  key: OptionGroupKey;
  label: string;
  /** DOM id of the group's label. */
  labelId: string;
  options: SearchOption[];
}

export interface SearchOptionList {
  groups: SearchGroup[];
  /** Every option of every group, in display order. */
  options: SearchOption[];
}

/** Case, accents and spacing do not make two city names differ. */
export function normalizeCityName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Results in the scope city first, each part in the endpoint's order (a stable partition).
 * The endpoint has no city filter, so results elsewhere stay, after these.
 */
export function rankByCity<T>(
  items: readonly T[],
  cityOf: (item: T) => string,
  cityName: string | undefined,
): T[] {
  const scope = cityName ? normalizeCityName(cityName) : '';
  if (!scope) return [...items];
  const inCity: T[] = [];
  const elsewhere: T[] = [];
  for (const item of items) {
    (normalizeCityName(cityOf(item)) === scope ? inCity : elsewhere).push(item);
  }
  return [...inCity, ...elsewhere];
}

/** "label · neighbourhood, city", leaving out what the place lacks. */
export function placeDetail(location: LocationSummary): string {
  const where = [location.clm_neighborhood, location.clm_city]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return [location.clm_label.trim(), where].filter(Boolean).join(' · ');
}

function videoDetail(review: Review): string {
  const { clm_name, clm_city } = review.location;
  return [clm_name, clm_city].filter(Boolean).join(' · ');
}

type Draft = Omit<SearchOption, 'index' | 'id'> & { key: number };

/** One entry per key: a result listed twice would give two options the same id. */
function unique<T>(items: readonly T[], keyOf: (item: T) => number): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function drafts(data: SearchResults['data'], cityName: string | undefined) {
  const places: Draft[] = rankByCity(
    unique(data.locations ?? [], (l) => l.clm_id),
    (l) => l.clm_city,
    cityName,
  ).map((l) => ({
    key: l.clm_id,
    group: 'places',
    href: paths.locationInCity(l.city_slug, l.clm_slug),
    title: l.clm_name,
    detail: placeDetail(l),
    image: l.poster_url,
  }));
  const cities: Draft[] = rankByCity(
    unique(data.cities ?? [], (c) => c.clm_id),
    (c) => c.clm_city,
    cityName,
  ).map((c) => ({
    key: c.clm_id,
    group: 'cities',
    href: paths.city(c.state_slug, c.city_slug),
    title: c.clm_city,
    detail: c.clm_state_name || c.clm_state,
    image: null,
  }));
  // Authors carry no city, so locals keep the endpoint's order.
  const locals: Draft[] = unique(data.users ?? [], (a) => a.clm_id).map((a) => ({
    key: a.clm_id,
    group: 'locals',
    href: paths.user(a.vanity_url),
    title: a.display_name || `@${a.clm_username}`,
    detail: `@${a.clm_username}`,
    image: a.avatar_url || null,
  }));
  const videos: Draft[] = rankByCity(
    unique(data.reviews ?? [], (r) => r.clm_id),
    (r) => r.location.clm_city,
    cityName,
  ).map((r) => ({
    key: r.clm_id,
    group: 'videos',
    href: paths.review(r.clm_id),
    title: r.clm_caption.trim() || `A video at ${r.location.clm_name}`,
    detail: videoDetail(r),
    image: r.video.poster_url || null,
  }));
  return { places, cities, locals, videos } satisfies Record<SearchGroupKey, Draft[]>;
}

/**
 * Grouped results as the list the box shows: groups in SEARCH_GROUPS order (empty ones left out),
 * the scope city's results first in each, and one flat, indexed list for the keyboard.
 * Ids are `${idPrefix}-${group}-${clm_id}`.
 */
export function buildSearchOptions(
  data: SearchResults['data'],
  idPrefix: string,
  scopeCityName?: string,
): SearchOptionList {
  const byGroup = drafts(data, scopeCityName);
  const groups: SearchGroup[] = [];
  const options: SearchOption[] = [];
  for (const { key, label } of SEARCH_GROUPS) {
    const groupOptions = byGroup[key].map(({ key: resultId, ...draft }) => {
      const option: SearchOption = {
        ...draft,
        id: `${idPrefix}-${key}-${resultId}`,
        index: options.length,
      };
      options.push(option);
      return option;
    });
    if (groupOptions.length > 0) {
      groups.push({ key, label, labelId: `${idPrefix}-${key}-label`, options: groupOptions });
    }
  }
  return { groups, options };
}

/**
 * The recent searches as the box's list (one group, same ids scheme): each opens the results
 * page for its words, in the scope city on a city page, as Enter would.
 */
export function buildRecentOptions(
  recent: readonly string[],
  idPrefix: string,
  scope?: { stateSlug: string; citySlug: string },
): SearchOptionList {
  const options = recent.map((words, index): SearchOption => ({
    id: `${idPrefix}-recent-${index}`,
    group: 'recent',
    index,
    href: paths.results({ q: words }, scope),
    title: words,
    detail: '',
    image: null,
  }));
  const groups: SearchGroup[] =
    options.length > 0
      ? [{ key: 'recent', label: 'Recent searches', labelId: `${idPrefix}-recent-label`, options }]
      : [];
  return { groups, options };
}

export type ActiveMove = 'next' | 'previous' | 'first' | 'last';

/**
 * The active option after a move, across groups, wrapping at both ends. -1 means none is active:
 * from there "next" starts at the top and "previous" at the bottom. An empty list has none.
 */
export function moveActiveIndex(current: number, move: ActiveMove, count: number): number {
  if (count <= 0) return -1;
  const last = count - 1;
  const inList = Number.isInteger(current) && current >= 0 && current <= last;
  switch (move) {
    case 'first':
      return 0;
    case 'last':
      return last;
    case 'next':
      return inList && current < last ? current + 1 : 0;
    case 'previous':
      return inList && current > 0 ? current - 1 : last;
  }
}

/** A result's text split around the first case-insensitive match of the term, to show it bold. */
export function highlightMatch(
  text: string,
  term: string,
): { before: string; match: string; after: string } | null {
  const needle = term.trim().toLowerCase();
  const haystack = text.toLowerCase();
  // Lower-casing may change the length of a few characters; then offsets would not line up.
  if (!needle || haystack.length !== text.length) return null;
  const at = haystack.indexOf(needle);
  if (at < 0) return null;
  return {
    before: text.slice(0, at),
    match: text.slice(at, at + needle.length),
    after: text.slice(at + needle.length),
  };
}
