import type { City } from '../../../contract/cities';
import type { Reads } from '../../../contract/endpoints';
import { browserApi } from '../../api/browser-api';
import { readFailed, readsOver } from '../../api/reads';
import { paths } from '../../paths';
import { parseResultsQuery, resultsSearch } from '../../search-params';
import { visitorPosition } from '../../shared/visitor-position';
import { breadcrumbJsonLd } from '../../shared/seo/structured-data';
import type { PageMeta } from '../../shared/seo/page-meta';
import { findTopicOffer } from './topic-offer';
import { canSearch, placeCount, resultsApiQuery, understoodHeadline } from './results';
import type { ResultsData } from './results-page';

/** Cuisines and categories offered in the filters (the most common first). */
const FILTER_OPTIONS = 40;

export type LoadedResults = ResultsData | { city: null; missingCity: true };

/**
 * The results page (issue 18, ADR 036): `/?q=…` on the landing route, `city/:stateSlug/:citySlug?q=…`
 * for results in that city; filters and sort in the query (app/search-params.ts). `citySlugs`
 * names the city of a city route.
 */
export async function loadResults(
  reads: Reads,
  url: URL,
  citySlugs: { stateSlug: string; citySlug: string } | null,
): Promise<LoadedResults> {
  const query = parseResultsQuery(url.searchParams);
  let city: City | null = null;
  if (citySlugs) {
    const slug = `${citySlugs.citySlug}-${citySlugs.stateSlug}`;
    const route = await reads.route({ slug }, { target_type: 'city' });
    city = route?.targetType === 'city' ? route.target : null;
    if (!city) return { city: null, missingCity: true };
  }
  // The browser's rounded position, when this tab was given one (never on the server).
  const position = visitorPosition();
  const cityId = city?.clm_id;
  const inCity = cityId !== undefined ? { city_id: cityId } : {};
  const [results, cuisines, categories] = await Promise.all([
    canSearch(query, cityId)
      ? reads.search({}, resultsApiQuery(query, { cityId, position }))
      : Promise.resolve(undefined),
    reads.cuisines({}, { ...inCity, pinned_first: true, page: 1, per_page: FILTER_OPTIONS }),
    reads.practicalCategories({}, { ...inCity, page: 1, per_page: FILTER_OPTIONS }),
  ]);
  const answer = results === undefined ? 'nothing-asked' : results;
  return {
    query,
    city,
    results: answer,
    topic: await findTopicOffer(reads, answer, city),
    position,
    cuisines: cuisines?.data ?? [],
    categories: categories?.data ?? [],
  };
}

/**
 * A search that was asked and not answered is a 404: a failed read then makes the page the
 * §8 fallback (503, Retry) on the server and in the browser (ADR 031); a refused one says so.
 */
export const resultsStatus = (data: LoadedResults): number =>
  'missingCity' in data || data.results === null ? 404 : 200;

export function resultsMeta(data: LoadedResults, origin: string): PageMeta {
  if ('missingCity' in data)
    return { title: 'City not found · Spotreel', description: 'This city is not on Spotreel yet.' };
  const { query, city, results } = data;
  const scopeCity = city ? { name: city.clm_city, state: city.clm_state } : null;
  const answer = results === 'nothing-asked' ? null : results;
  const headline = understoodHeadline({ query, understood: answer?.understood, scopeCity });
  const base = city ? paths.city(city.state_slug, city.city_slug) : paths.home();
  const canonicalPath = base + resultsSearch(query);
  const total = answer?.locations_total ?? answer?.data.locations?.length ?? 0;
  return {
    title: results === 'nothing-asked' ? 'Search · Spotreel' : `${headline} · Spotreel`,
    description: answer
      ? `${placeCount(total)} on Spotreel for ${headline.toLowerCase()}: short videos by the locals who love them.`
      : 'Search restaurants, bars, hotels, experiences and shops, filmed by the locals who love them.',
    canonicalPath,
    // Results pages are many and change by the minute: followed, not indexed.
    robots: 'noindex, follow',
    jsonLd: city
      ? [
          breadcrumbJsonLd(
            [
              { name: 'Spotreel', path: paths.home() },
              { name: city.clm_city, path: paths.city(city.state_slug, city.city_slug) },
              { name: headline, path: canonicalPath },
            ],
            origin,
          ),
        ]
      : [],
  };
}

/**
 * Results read in the browser (results near the visitor: the tab keeps its position to itself,
 * ADR 036), for the home and city routes' `clientLoader`. A read that failed never makes the page
 * say "not found" (ADR 031): spec §8's fallback instead.
 */
export async function loadResultsInBrowser(
  url: URL,
  citySlugs: { stateSlug: string; citySlug: string } | null,
): Promise<LoadedResults> {
  let failed = false;
  const reads = readsOver(browserApi(), (error) => {
    failed ||= readFailed(error);
  });
  const results = await loadResults(reads, url, citySlugs);
  if (failed && resultsStatus(results) === 404)
    throw new Error(`A read failed while loading ${url.pathname}: not telling the visitor`);
  return results;
}
