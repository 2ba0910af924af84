/**
 * The rules of the results page (issue 18, ADR 036), pure so they are tested without a browser:
 * what to ask wonder-search for, how the answer is said back, how prices and distances read.
 */
import type { ReadQuery } from '../../../contract/endpoints';
import type { SearchPlace, SearchUnderstood } from '../../../contract/search';
import { SUPER_CATEGORY_NAMES, type SuperCategory } from '../../../contract/super-categories';
import type { ResultsQuery } from '../../search-params';
import type { Position } from '../../shared/visitor-position';

/** Places per page: a whole number of rows at 2, 3 and 4 columns. */
export const RESULTS_PAGE_SIZE = 24;
/** Cities, locals and videos shown beside the places (the answer holds up to a page of each). */
export const SIDE_RESULTS = { cities: 4, users: 6, reviews: 6 } as const;

/**
 * The wonder-search query of a results page. The first page asks every type (cities, locals
 * and videos only when there are words to match); further pages ask places only. Distance needs
 * a position: without one the places keep the relevance order, and the page says why.
 */
export function resultsApiQuery(
  query: ResultsQuery,
  {
    cityId,
    position,
    offset = 0,
  }: { cityId?: number; position?: Position | null; offset?: number },
): ReadQuery<'search'> {
  const words = query.q !== '';
  return {
    search_type: 'global',
    term: query.q,
    include: words && offset === 0 ? ['locations', 'users', 'cities', 'reviews'] : ['locations'],
    limit: RESULTS_PAGE_SIZE,
    ...(query.category ? { category: query.category } : {}),
    ...(query.cuisine ? { cuisine: query.cuisine } : {}),
    price: query.price.length > 0 ? query.price : undefined,
    ...(query.openNow ? { open_now: true } : {}),
    ...(cityId !== undefined ? { city_id: cityId } : {}),
    ...(position ? { lat: position.lat, lon: position.lon } : {}),
    sort: query.sort === 'distance' && !position ? 'relevance' : query.sort,
    ...(offset > 0 ? { offset } : {}),
  };
}

/** Whether the answer can be had at all: the API needs words, a filter or a city. */
export const canSearch = (query: ResultsQuery, cityId?: number) =>
  query.q !== '' || !!query.category || !!query.cuisine || cityId !== undefined;

/** "$$" for level 2; nothing when the price is not known. */
export const priceLabel = (level: number | null): string =>
  level && level >= 1 && level <= 4 ? '$'.repeat(level) : '';

/** What each price level means, for screen readers and titles. */
export const PRICE_NAMES = ['Inexpensive', 'Moderate', 'Pricey', 'Ultra high-end'] as const;

const KM_PER_MILE = 1.609344;

/** A distance as US visitors read it: "0.3 mi", "2.4 mi", "12 mi". */
export function formatDistance(km: number): string {
  const miles = km / KM_PER_MILE;
  if (miles < 0.1) return 'Under 0.1 mi';
  if (miles < 10) return `${miles.toFixed(1)} mi`;
  return `${Math.round(miles)} mi`;
}

/** A classification's display name from its safe_name, when the answer does not name it. */
export function nameOfSafeName(safeName: string): string {
  const superName = SUPER_CATEGORY_NAMES[safeName as SuperCategory];
  if (superName) return superName;
  const words = safeName.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What the page says it looked for: "Sushi in Miami, FL", "Tacos near you", "Places in
 * Chicago, IL". The answer's `understood` when the server gives it, else the words typed; the
 * city of a city route when the query names none.
 */
export function understoodHeadline({
  query,
  understood,
  scopeCity,
}: {
  query: ResultsQuery;
  understood: SearchUnderstood | null | undefined;
  scopeCity: { name: string; state: string } | null;
}): string {
  const filterName =
    understood?.cuisine?.name ??
    understood?.category?.name ??
    (understood?.super_category ? SUPER_CATEGORY_NAMES[understood.super_category] : null) ??
    (query.cuisine ? nameOfSafeName(query.cuisine) : null) ??
    (query.category ? nameOfSafeName(query.category) : null);
  const understoodWhat = understood?.what.trim() ?? '';
  const what = capitalise(
    understood ? understoodWhat || filterName || '' : query.q || filterName || '',
  );
  const city = understood?.city
    ? { name: understood.city.clm_city, state: understood.city.clm_state }
    : scopeCity;
  const where = understood?.near_me
    ? 'near you'
    : understood?.neighborhood && city
      ? `in ${understood.neighborhood}, ${city.name}`
      : city
        ? // none there: what follows is the nearest elsewhere (alternativesLabel says so)
          `${understood?.nearest_alternatives ? 'near' : 'in'} ${city.name}, ${city.state}`
        : '';
  if (!what) return where ? `Places ${where}` : 'Places';
  return where ? `${what} ${where}` : what;
}

/**
 * The label over places found elsewhere when the city named has none (spec §7 search, ADR 076):
 * "No dinner spots in Chicago — nearest alternatives:". Null when the places are in the city.
 */
export function alternativesLabel(understood: SearchUnderstood | null | undefined): string | null {
  if (!understood?.nearest_alternatives || !understood.city) return null;
  const plural = (name: string) => (/s$/i.test(name) ? name : `${name}s`);
  const thing = understood.occasion
    ? `${understood.occasion.toLowerCase()} spots`
    : understood.cuisine
      ? `${understood.cuisine.name} places`
      : understood.category
        ? plural(understood.category.name.toLowerCase())
        : understood.super_category
          ? `${SUPER_CATEGORY_NAMES[understood.super_category].toLowerCase()} places`
          : `places matching “${understood.what}”`;
  return `No ${thing} in ${understood.city.clm_city} — nearest alternatives:`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 place", "24 places". */
/** "25 videos" on a result card: how much there is to watch of the place. */
export const videoCount = (n: number) =>
  n === 0 ? 'No videos yet' : `${n.toLocaleString('en-US')} ${n === 1 ? 'video' : 'videos'}`;

/** What kind of place a result is: its label, else its first cuisine, else its first category. */
export function placeKind(place: Pick<SearchPlace, 'clm_label' | 'tags'>): string {
  return (
    place.clm_label.trim() || place.tags.cuisines[0]?.name || place.tags.categories[0]?.name || ''
  );
}

export const placeCount = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'place' : 'places'}`;
