import type { Route } from './+types/creators';
import type { PageHandle } from '../layout/screen-layout';
import { CreatorsPage } from '../features/campaigns/creators-page';
import { routeMeta } from '../shared/seo/page-meta';
import { campaignEntryAction } from '../features/campaigns/campaign-form';

/** The campaign page `creators` (spec §2.3), with the shared layout (app/routes/layouts/campaign.tsx). */
export const handle: PageHandle = { screen: 'creators' };

/** The page form's entry (ADR 073). */
export const clientAction = campaignEntryAction('creators');

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => ({
    title: 'Become a Spotreel creator · Spotreel',
    description:
      'Film the places you love, grow an audience that trusts your taste and get paid collaborations.',
  }));

export default function Creators() {
  return <CreatorsPage />;
}
