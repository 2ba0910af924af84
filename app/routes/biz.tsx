import type { Route } from './+types/biz';
import type { PageHandle } from '../layout/screen-layout';
import { BusinessLanding } from '../features/business/business-landing';
import { businessMeta } from '../features/business/business-meta';
import { routeMeta } from '../shared/seo/page-meta';
import { paths } from '../paths';

/** The business landing `biz` (spec §2.2). */
export const handle: PageHandle = { screen: 'biz-landing' };

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => businessMeta('landing', paths.biz()));

export default function Biz() {
  return <BusinessLanding />;
}
