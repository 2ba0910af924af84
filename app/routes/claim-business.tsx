import { useSearchParams } from 'react-router';
import type { Route } from './+types/claim-business';
import type { PageHandle } from '../layout/screen-layout';
import { businessMeta } from '../features/business/business-meta';
import { ClaimForm, sendClaim } from '../features/business/claim-form';
import { claimPrefill } from '../features/business/claim-prefill';
import { routeMeta } from '../shared/seo/page-meta';

/** The claim form `claim-business` and `biz/claim-business` (spec §2.2), prefilled from its query. */
export const handle: PageHandle = { screen: 'biz-claim' };

/** The claim's write; it leads to the confirmation (ADR 073). */
export const clientAction = sendClaim;

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => businessMeta('claim'));

export default function ClaimBusiness() {
  const [query] = useSearchParams();
  return <ClaimForm prefill={claimPrefill(query)} />;
}
