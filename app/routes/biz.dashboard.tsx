import type { Route } from './+types/biz.dashboard';
import type { PageHandle } from '../layout/screen-layout';
import { businessMeta } from '../features/business/business-meta';
import { Dashboard } from '../features/business/dashboard';
import { loadDashboard } from '../features/business/dashboard-data';
import { saveListingInfo } from '../features/business/info-tab';
import { routeMeta } from '../shared/seo/page-meta';
import { webContext } from '../load-context';
import type { DashboardTab } from '../route-sets';

const TABS: readonly DashboardTab[] = ['overview', 'info', 'growth'];

/**
 * The owner's dashboard `biz/dashboard[/overview|/info|/growth]` (spec §2.2, §4): four
 * addresses, one screen; the last segment names the tab.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { reads } = context.get(webContext);
  const tab = TABS.find((name) => url.pathname.endsWith(`/${name}`)) ?? 'overview';
  return { tab, dashboard: await loadDashboard(reads, url, tab) };
}

export const handle: PageHandle = { screen: 'biz-dashboard' };

/** The Info tab's write (the dashboard's loader is revalidated after it: ADR 073). */
export const clientAction = saveListingInfo;

export const meta: Route.MetaFunction = (args) => routeMeta(args, () => businessMeta('dashboard'));

export default function BizDashboard({ loaderData }: Route.ComponentProps) {
  return <Dashboard data={loaderData.dashboard} tab={loaderData.tab} />;
}
