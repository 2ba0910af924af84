import { data } from 'react-router';
import type { Route } from './+types/claim-business.complete';
import type { PageHandle } from '../layout/screen-layout';
import { businessMeta } from '../features/business/business-meta';
import { ClaimComplete } from '../features/business/claim-form';
import { routeMeta } from '../shared/seo/page-meta';
import { webContext } from '../load-context';

/**
 * `claim-business/complete` (spec §2.2): only the claim its receipt names (the claim form's
 * answer) is confirmed; a made-up address (?business=Anything) confirms nothing.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { reads } = context.get(webContext);
  const receipt = url.searchParams.get('claim');
  const claim = receipt ? await reads.claimReceipt({ receipt }) : null;
  return data({ claim }, { status: claim ? 200 : 404 });
}

export const handle: PageHandle = { screen: 'biz-claim-complete' };

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, ({ claim }) =>
    claim
      ? businessMeta('claimComplete')
      : {
          title: 'No claim found · Spotreel',
          description: 'This address names no claim. Claim your business to get one.',
        },
  );

export default function ClaimBusinessComplete({ loaderData }: Route.ComponentProps) {
  return <ClaimComplete claim={loaderData.claim} />;
}
