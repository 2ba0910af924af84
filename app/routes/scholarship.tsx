import type { Route } from './+types/scholarship';
import type { PageHandle } from '../layout/screen-layout';
import { ScholarshipPage } from '../features/campaigns/scholarship-page';
import { routeMeta } from '../shared/seo/page-meta';
import { campaignEntryAction } from '../features/campaigns/campaign-form';

/** The campaign page `scholarship` (spec §2.3), with the shared layout (app/routes/layouts/campaign.tsx). */
export const handle: PageHandle = { screen: 'scholarship' };

/** The page form's entry (ADR 073). */
export const clientAction = campaignEntryAction('scholarship');

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => ({
    title: 'The Spotreel Veterans Scholarship · Spotreel',
    description:
      '$5,000 scholarships for veterans studying hospitality, food, design or the arts. Apply by March 31.',
  }));

export default function Scholarship() {
  return <ScholarshipPage />;
}
