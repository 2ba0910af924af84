import type { City } from '../../contract/cities';
import { NotFound } from '../layout/page-header';
import { ResultsPage, type ResultsData } from '../features/search/results-page';
import {
  canSearch,
  resultsApiQuery,
  understoodHeadline,
  placeCount,
} from '../features/search/results';
import { SearchBox } from '../features/search/search-box';
import { breadcrumbJsonLd } from '../features/seo/structured-data';
import { paths } from '../paths';
import { parseResultsQuery, resultsSearch } from '../search-params';
import { visitorPosition } from '../shared/visitor-position';
import { defineScreen } from './screen-module';

/** Cuisines and categories offered in the filters (the most common first). */
const FILTER_OPTIONS = 40;

/**
 * The results page (issue 18, ADR 036): `/?q=…` on the landing route, `city/:stateSlug/:citySlug?q=…`
 * for results in that city; filters and sort in the query (app/search-params.ts).
 */
export const screen = defineScreen<ResultsData | { city: null; missingCity: true }>({
  async load({ reads, screen, url }) {
    const query = parseResultsQuery(url.searchParams);
    let city: City | null = null;
    if (screen.params.citySlug !== undefined) {
      const slug = `${screen.params.citySlug}-${screen.params.stateSlug ?? ''}`;
      const route = await reads.route({ slug }, { target_type: 'city' });
      city = route?.targetType === 'city' ? route.target : null;
      if (!city) return { city: null, missingCity: true };
    }
    // The browser's rounded position, when this tab was given one (never on the server).
    const position = visitorPosition();
    const cityId = city?.clm_id;
    const inCity = cityId !== undefined ? { city_id: String(cityId) } : {};
    const [results, cuisines, categories] = await Promise.all([
      canSearch(query, cityId)
        ? reads.search({}, resultsApiQuery(query, { cityId, position }))
        : Promise.resolve(undefined),
      reads.cuisines({}, { ...inCity, pinned_first: 'true', per_page: FILTER_OPTIONS }),
      reads.practicalCategories({}, { ...inCity, per_page: FILTER_OPTIONS }),
    ]);
    return {
      query,
      city,
      results: results === undefined ? 'nothing-asked' : results,
      position,
      cuisines: cuisines?.data ?? [],
      categories: categories?.data ?? [],
    };
  },
  meta: (data, _screen, origin) => {
    if (!data.city && 'missingCity' in data)
      return {
        title: 'City not found · Spotreel',
        description: 'This city is not on Spotreel yet.',
        status: 404,
      };
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
      // A search that was asked and not answered: 404 here makes a failed read the §8 fallback
      // (503, Retry) on the server and in the browser (ADR 031); a refused one says so, as a 404.
      ...(results === null ? { status: 404 } : {}),
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
  },
  Screen: ({ data }) =>
    'missingCity' in data ? (
      <NotFound what="city" />
    ) : (
      <ResultsPage
        data={data}
        search={
          <SearchBox
            key={data.query.q}
            initialValue={data.query.q}
            size="md"
            label={data.city ? `Search ${data.city.clm_city}` : 'Search Spotreel'}
            placeholder="Search spots, cuisines, cities"
            {...(data.city
              ? {
                  scopeCity: {
                    name: data.city.clm_city,
                    stateSlug: data.city.state_slug,
                    citySlug: data.city.city_slug,
                  },
                }
              : {})}
          />
        }
      />
    ),
});
