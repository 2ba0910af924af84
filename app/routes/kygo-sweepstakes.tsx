import type { Route } from './+types/kygo-sweepstakes';
import type { PageHandle } from '../layout/screen-layout';
import { GiveawayPage } from '../features/campaigns/giveaway-page';
import { routeMeta } from '../shared/seo/page-meta';
import { campaignEntryAction } from '../features/campaigns/campaign-form';

/** The campaign page `kygo-sweepstakes` (spec §2.3), with the shared layout (app/routes/layouts/campaign.tsx). */
export const handle: PageHandle = { screen: 'kygo-sweepstakes' };

/** The page form's entry (ADR 073). */
export const clientAction = campaignEntryAction('kygo-sweepstakes');

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => ({
    title: 'The Summer Sound Giveaway · Spotreel',
    description:
      'Win a summer weekend for two: festival passes, two hotel nights and $500 for Spotreel spots.',
  }));

export default function KygoSweepstakes() {
  return <GiveawayPage />;
}
