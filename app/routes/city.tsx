import { data } from 'react-router';
import type { Route } from './+types/city';
import { NotFound } from '../components/ui/page-header';
import type { PageHandle } from '../layout/screen-layout';
import { CityPage } from '../features/cities/city-page';
import { cityMeta, loadCity } from '../features/cities/load-city';
import {
  loadResults,
  loadResultsInBrowser,
  resultsMeta,
  resultsStatus,
} from '../features/search/load-results';
import { ResultsView } from '../features/search/results-view';
import { SearchBox } from '../features/search/search-box';
import { routeMeta } from '../shared/seo/page-meta';
import { ShareButton } from '../features/sharing/share-button';
import { useShareTracker } from '../features/sharing/use-share-tracker';
import { consumerLoader, webContext } from '../load-context';
import { paths } from '../paths';
import { asksForResults } from '../search-params';
import { visitorPosition } from '../shared/visitor-position';

/** City page `city/:stateSlug/:citySlug` (spec §2.4), or its results when asked (`?q=`, ADR 036). */
export const loader = consumerLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const { reads } = context.get(webContext);
  if (asksForResults(url)) {
    const results = await loadResults(reads, url, params);
    return data({ view: 'results' as const, results }, { status: resultsStatus(results) });
  }
  const city = await loadCity(reads, params);
  return data({ view: 'city' as const, city }, { status: city.city ? 200 : 404 });
});

/** Results near the visitor are read in the browser, as on the home route (routes/home.tsx). */
export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (!asksForResults(url) || !visitorPosition()) return serverLoader();
  return { view: 'results' as const, results: await loadResultsInBrowser(url, params) };
}

export const handle: PageHandle = {
  screen: (data: Route.ComponentProps['loaderData']) =>
    data.view === 'results' ? 'search' : 'city',
};

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, (data, origin) =>
    data.view === 'results' ? resultsMeta(data.results, origin) : cityMeta(data.city, origin),
  );

export default function City({ loaderData }: Route.ComponentProps) {
  const city = loaderData.view === 'city' && loaderData.city.city ? loaderData.city.city : null;
  useShareTracker(city ? { type: 'city', id: city.clm_id } : null);
  if (loaderData.view === 'results') return <ResultsView data={loaderData.results} />;
  const page = loaderData.city;
  if (!page.city) return <NotFound what="city" />;
  return (
    <CityPage
      data={page}
      search={
        <SearchBox
          scopeCity={{
            name: page.city.clm_city,
            stateSlug: page.city.state_slug,
            citySlug: page.city.city_slug,
          }}
          label={`Search ${page.city.clm_city}`}
        />
      }
      actions={
        <ShareButton
          title={`Spotreel: ${page.city.clm_city}`}
          path={paths.city(page.city.state_slug, page.city.city_slug)}
        />
      }
    />
  );
}
