import type { Route } from './+types/trytibbs';
import { ScreenLayout, type PageHandle } from '../layout/screen-layout';
import { PartnerOfferPage } from '../features/campaigns/partner-offer-page';
import { routeMeta } from '../shared/seo/page-meta';
import { campaignEntryAction } from '../features/campaigns/campaign-form';

/** The campaign page `trytibbs` (spec §2.3), with no shared layout. */
export const handle: PageHandle = { screen: 'trytibbs' };

/** The page form's entry (ADR 073). */
export const clientAction = campaignEntryAction('trytibbs');

export const meta: Route.MetaFunction = (args) =>
  routeMeta({ ...args, loaderData: null }, () => ({
    title: 'Your first drink at Tidbit Tea Co. is on us · Spotreel',
    description:
      'A free drink for Spotreel locals at any Tidbit Tea Co. shop. Sign up for your code.',
  }));

export default function Trytibbs() {
  return (
    <ScreenLayout layout="none">
      <PartnerOfferPage />
    </ScreenLayout>
  );
}
