import { data } from 'react-router';
import type { Route } from './+types/home';
import type { PageHandle } from '../layout/screen-layout';
import { AppDownloadPanel } from '../features/app-install/app-download-panel';
import { LandingPage } from '../features/landing/landing-page';
import { LANDING_META, loadLanding } from '../features/landing/load-landing';
import {
  loadResults,
  loadResultsInBrowser,
  resultsMeta,
  resultsStatus,
} from '../features/search/load-results';
import { ResultsView } from '../features/search/results-view';
import { SearchBox } from '../features/search/search-box';
import { routeMeta } from '../shared/seo/page-meta';
import { consumerLoader, webContext } from '../load-context';
import { asksForResults } from '../search-params';
import { visitorPosition } from '../shared/visitor-position';

/** The home page `/` (spec §2.4): the landing page, or the results page when asked (`?q=`). */
export const loader = consumerLoader(async ({ url, context }: Route.LoaderArgs) => {
  const { reads, publicConfig } = context.get(webContext);
  if (asksForResults(url)) {
    const results = await loadResults(reads, url, null);
    return data({ view: 'results' as const, results }, { status: resultsStatus(results) });
  }
  return { view: 'landing' as const, landing: await loadLanding(reads, publicConfig.environment) };
});

/**
 * Results near the visitor need their position, which this tab keeps to itself: those are read
 * in the browser (ADR 036). Every other navigation is the one request of the server's loader.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (!asksForResults(url) || !visitorPosition()) return serverLoader();
  return { view: 'results' as const, results: await loadResultsInBrowser(url, null) };
}

export const handle: PageHandle = {
  screen: (data: Route.ComponentProps['loaderData']) =>
    data.view === 'results' ? 'search' : 'landing',
};

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, (data, origin) =>
    data.view === 'results' ? resultsMeta(data.results, origin) : LANDING_META,
  );

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'results') return <ResultsView data={loaderData.results} />;
  return (
    <LandingPage
      data={loaderData.landing}
      download={<AppDownloadPanel />}
      search={<SearchBox placeholder="Search spots, cuisines, cities" />}
    />
  );
}
