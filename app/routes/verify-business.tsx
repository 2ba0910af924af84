import { useSearchParams } from 'react-router';
import type { Route } from './+types/verify-business';
import type { PageHandle } from '../layout/screen-layout';
import { businessMeta } from '../features/business/business-meta';
import { VerifyBusiness } from '../features/business/verify';
import { routeMeta } from '../shared/seo/page-meta';

/** `verify-business` (spec §2.2, optional `utm_source`): verification by a scheduled call. */
export const handle: PageHandle = { screen: 'verify-business' };

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => businessMeta('verify'));

export default function VerifyBusinessPage() {
  const [query] = useSearchParams();
  return <VerifyBusiness source={query.get('utm_source') ?? ''} />;
}
