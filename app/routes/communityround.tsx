import type { Route } from './+types/communityround';
import { ScreenLayout, type PageHandle } from '../layout/screen-layout';
import { CommunityRoundPage } from '../features/campaigns/community-round-page';
import { routeMeta } from '../shared/seo/page-meta';
import { campaignEntryAction } from '../features/campaigns/campaign-form';

/** The campaign page `communityround` (spec §2.3), with a compact logo-only header, no footer or banner. */
export const handle: PageHandle = { screen: 'communityround' };

/** The page form's entry (ADR 073). */
export const clientAction = campaignEntryAction('communityround');

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => ({
    title: 'The Spotreel community round · Spotreel',
    description:
      'Reserve your interest in owning a piece of Spotreel. No payment today, no obligation.',
  }));

export default function Communityround() {
  return (
    <ScreenLayout layout="campaign-compact">
      <CommunityRoundPage />
    </ScreenLayout>
  );
}
