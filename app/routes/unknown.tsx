import { data } from 'react-router';
import type { Route } from './+types/unknown';
import type { PageHandle } from '../layout/screen-layout';
import { AppDownloadPanel } from '../features/app-install/app-download-panel';
import { LandingPage } from '../features/landing/landing-page';
import { UnknownPathNotice } from '../features/landing/unknown-path-notice';
import { LANDING_META, loadLanding } from '../features/landing/load-landing';
import { SearchBox } from '../features/search/search-box';
import { routeMeta } from '../shared/seo/page-meta';
import { consumerLoader, webContext } from '../load-context';

/** spec §2.4 "any other path": the landing page, answered as a 404 so it is no soft 404 (ADR 031). */
export const loader = consumerLoader(async ({ context }: Route.LoaderArgs) => {
  const { reads, publicConfig } = context.get(webContext);
  return data(await loadLanding(reads, publicConfig.environment), { status: 404 });
});

export const handle: PageHandle = { screen: 'landing' };

export const meta: Route.MetaFunction = (args) => routeMeta(args, () => LANDING_META);

export default function Unknown({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <UnknownPathNotice />
      <LandingPage
        data={loaderData}
        download={<AppDownloadPanel />}
        search={<SearchBox placeholder="Search spots, cuisines, cities" />}
      />
    </>
  );
}
