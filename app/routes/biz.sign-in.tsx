import type { Route } from './+types/biz.sign-in';
import { ScreenLayout, type PageHandle } from '../layout/screen-layout';
import { BusinessSignIn } from '../features/business/business-sign-in';
import { businessMeta } from '../features/business/business-meta';
import { routeMeta } from '../shared/seo/page-meta';

/** `biz/sign-in` (spec §2.2): the shared header, hidden on a desktop; no footer. */
export const handle: PageHandle = { screen: 'biz-sign-in' };

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => businessMeta('signIn'));

export default function BizSignIn() {
  return (
    <ScreenLayout layout="business-sign-in">
      <BusinessSignIn />
    </ScreenLayout>
  );
}
