import type { Route } from './+types/verify-business.checkout';
import type { PageHandle } from '../layout/screen-layout';
import { businessMeta } from '../features/business/business-meta';
import { VerifyCheckout } from '../features/business/verify';
import { routeMeta } from '../shared/seo/page-meta';

/** `verify-business/checkout` (spec §2.2): the monthly profile, linked to a hosted checkout. */
export const handle: PageHandle = { screen: 'verify-business-checkout' };

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => businessMeta('verifyCheckout'));

export default function VerifyBusinessCheckout() {
  return <VerifyCheckout />;
}
