import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Every address of the product, one route module each (docs/decisions/067-route-modules.md).
 * Layout routes give each group its chrome (spec §2.2–2.4). Addresses are case-sensitive, as
 * the spec's paths are written: `/Feed` is no page of ours. What the table cannot say (the
 * first load's route set, spec §2) the root decides: app/route-sets.ts.
 */
const page = (path: string, file: string, id?: string) =>
  route(path, file, { caseSensitive: true, ...(id ? { id } : {}) });

export default [
  // spec §2.4: the consumer app
  layout('routes/layouts/consumer.tsx', [
    index('routes/home.tsx'),
    page('locations/:locationIdentifier', 'routes/place.tsx', 'place'),
    page('location/:citySlug/:locationIdentifier', 'routes/place.tsx', 'place-in-city'),
    page('reviews/:reviewId', 'routes/review.tsx', 'review'),
    page(
      'listing/:reviewId/:stateSlug/:citySlug/:locationIdentifier',
      'routes/review.tsx',
      'listing',
    ),
    page('users/:userSlug', 'routes/creator.tsx'),
    page('city/:stateSlug/:citySlug', 'routes/city.tsx'),
    // ADR 080: a kind in a city, and in one of its neighbourhoods; the kind is always last
    page('city/:stateSlug/:citySlug/:kind', 'routes/topic.tsx', 'topic'),
    page('city/:stateSlug/:citySlug/:neighborhood/:kind', 'routes/topic.tsx', 'neighborhood-topic'),
    page('feed', 'routes/feed.tsx', 'feed'),
    page('collections/:collectionId', 'routes/feed.tsx', 'collection'),
    page(
      'users/:userIdentifier/collections/:userCollectionId',
      'routes/feed.tsx',
      'user-collection',
    ),
    // spec §2.4 "any other path": the landing page, as a 404
    route('*', 'routes/unknown.tsx'),
  ]),
  // spec §2.3: the campaign pages with the shared layout
  layout('routes/layouts/campaign.tsx', [
    page('scholarship', 'routes/scholarship.tsx'),
    page('kygo-sweepstakes', 'routes/kygo-sweepstakes.tsx'),
    page('kygo-sweepstakes-rules', 'routes/kygo-sweepstakes-rules.tsx'),
    page('creators', 'routes/creators.tsx'),
  ]),
  // spec §2.2: the shared header and footer on these four only
  layout('routes/layouts/business.tsx', [
    page('biz', 'routes/biz.tsx'),
    page('claim-business', 'routes/claim-business.tsx', 'claim-business'),
    page('biz/claim-business', 'routes/claim-business.tsx', 'biz-claim-business'),
    page('claim-business/complete', 'routes/claim-business.complete.tsx'),
  ]),
  // the header, except on a desktop
  page('biz/sign-in', 'routes/biz.sign-in.tsx'),
  // the other business pages: no shared header or footer
  layout('routes/layouts/bare.tsx', [
    page('biz/dashboard', 'routes/biz.dashboard.tsx', 'dashboard'),
    page('biz/dashboard/overview', 'routes/biz.dashboard.tsx', 'dashboard-overview'),
    page('biz/dashboard/info', 'routes/biz.dashboard.tsx', 'dashboard-info'),
    page('biz/dashboard/growth', 'routes/biz.dashboard.tsx', 'dashboard-growth'),
    page('verify-business', 'routes/verify-business.tsx'),
    page('verify-business/checkout', 'routes/verify-business.checkout.tsx'),
  ]),
  // spec §2.3: a compact logo-only header; no shared layout at all
  page('communityround', 'routes/communityround.tsx'),
  page('trytibbs', 'routes/trytibbs.tsx'),
] satisfies RouteConfig;
