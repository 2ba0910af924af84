import { lazyChunk } from '../chunk-reload';
import type { ScreenId } from '../route-sets';
import { defineScreen } from './screen-module';

const pages = {
  scholarship: lazyChunk(() =>
    import('../features/campaigns/scholarship-page').then((m) => ({ default: m.ScholarshipPage })),
  ),
  'kygo-sweepstakes': lazyChunk(() =>
    import('../features/campaigns/giveaway-page').then((m) => ({ default: m.GiveawayPage })),
  ),
  'kygo-sweepstakes-rules': lazyChunk(() =>
    import('../features/campaigns/rules-page').then((m) => ({ default: m.GiveawayRulesPage })),
  ),
  creators: lazyChunk(() =>
    import('../features/campaigns/creators-page').then((m) => ({ default: m.CreatorsPage })),
  ),
  communityround: lazyChunk(() =>
    import('../features/campaigns/community-round-page').then((m) => ({
      default: m.CommunityRoundPage,
    })),
  ),
  trytibbs: lazyChunk(() =>
    import('../features/campaigns/partner-offer-page').then((m) => ({
      default: m.PartnerOfferPage,
    })),
  ),
};
type CampaignScreen = keyof typeof pages;

const META: Record<CampaignScreen, { title: string; description: string }> = {
  scholarship: {
    title: 'The Spotreel Veterans Scholarship',
    description:
      '$5,000 scholarships for veterans studying hospitality, food, design or the arts. Apply by March 31.',
  },
  'kygo-sweepstakes': {
    title: 'The Summer Sound Giveaway',
    description:
      'Win a summer weekend for two: festival passes, two hotel nights and $500 for Spotreel spots.',
  },
  'kygo-sweepstakes-rules': {
    title: 'Official rules — The Summer Sound Giveaway',
    description: 'Sponsor, eligibility, entry period, prize, odds and how the winner is chosen.',
  },
  creators: {
    title: 'Become a Spotreel creator',
    description:
      'Film the places you love, grow an audience that trusts your taste and get paid collaborations.',
  },
  communityround: {
    title: 'The Spotreel community round',
    description:
      'Reserve your interest in owning a piece of Spotreel. No payment today, no obligation.',
  },
  trytibbs: {
    title: 'Your first drink at Tidbit Tea Co. is on us',
    description:
      'A free drink for Spotreel locals at any Tidbit Tea Co. shop. Sign up for your code.',
  },
};

const campaignOf = (id: ScreenId): CampaignScreen =>
  id in pages ? (id as CampaignScreen) : 'creators';

/** The six campaign pages of spec §2.3 (their layouts come from app/route-sets.ts). */
export const screen = defineScreen<null>({
  load: async () => null,
  meta: (_data, screen) => {
    const copy = META[campaignOf(screen.id)];
    return { title: `${copy.title} · Spotreel`, description: copy.description };
  },
  Screen: ({ screen }) => {
    const Page = pages[campaignOf(screen.id)];
    // No Suspense boundary of its own: the screen's holds it while its chunk comes (ADR 055).
    return <Page />;
  },
});
