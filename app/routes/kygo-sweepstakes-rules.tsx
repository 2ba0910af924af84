import type { Route } from './+types/kygo-sweepstakes-rules';
import type { PageHandle } from '../layout/screen-layout';
import { GiveawayRulesPage } from '../features/campaigns/rules-page';
import { routeMeta } from '../shared/seo/page-meta';

/** The campaign page `kygo-sweepstakes-rules` (spec §2.3), with the shared layout (app/routes/layouts/campaign.tsx). */
export const handle: PageHandle = { screen: 'kygo-sweepstakes-rules' };

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => ({
    title: 'Official rules — The Summer Sound Giveaway · Spotreel',
    description: 'Sponsor, eligibility, entry period, prize, odds and how the winner is chosen.',
  }));

export default function KygoSweepstakesRules() {
  return <GiveawayRulesPage />;
}
