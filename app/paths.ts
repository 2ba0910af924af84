/**
 * Every URL of the web app and its builder (spec §2): links never hand-build paths.
 * Patterns match app/routes.ts.
 */
import { cityPath, listingPath, locationInCityPath, reviewPath, topicPath } from '../contract/urls';
import { EMPTY_RESULTS_QUERY, resultsSearch, type ResultsQuery } from './search-params';

const enc = encodeURIComponent;

export const paths = {
  home: () => '/',
  feed: () => '/feed',
  /**
   * The results page (ADR 036): on the landing route, or a city route for results in that city.
   * Unset parts of the query are the defaults.
   */
  results: (query: Partial<ResultsQuery>, city?: { stateSlug: string; citySlug: string }) =>
    (city ? cityPath(city.stateSlug, city.citySlug) : '/') +
    resultsSearch({ ...EMPTY_RESULTS_QUERY, ...query }),
  /** The results page with nothing asked yet: its own search box (the header's, without JavaScript). */
  search: () => '/?q=',
  city: cityPath,
  /** A topic page: a kind in a city, or in one of its neighbourhoods (ADR 080). */
  topic: topicPath,
  location: (locationIdentifier: string) => `/locations/${enc(locationIdentifier)}`,
  locationInCity: locationInCityPath,
  review: reviewPath,
  listing: listingPath,
  user: (userSlug: string) => `/users/${enc(userSlug)}`,
  collection: (collectionId: number | string) => `/collections/${enc(String(collectionId))}`,
  userCollection: (userIdentifier: string, userCollectionId: number | string) =>
    `/users/${enc(userIdentifier)}/collections/${enc(String(userCollectionId))}`,
  biz: () => '/biz',
  bizSignIn: () => '/biz/sign-in',
  bizDashboard: (tab?: 'overview' | 'info' | 'growth') =>
    tab ? `/biz/dashboard/${tab}` : '/biz/dashboard',
  claimBusiness: () => '/claim-business',
  claimBusinessComplete: () => '/claim-business/complete',
  verifyBusiness: () => '/verify-business',
  verifyBusinessCheckout: () => '/verify-business/checkout',
  scholarship: () => '/scholarship',
  sweepstakes: () => '/kygo-sweepstakes',
  sweepstakesRules: () => '/kygo-sweepstakes-rules',
  creators: () => '/creators',
  communityRound: () => '/communityround',
  partnerOffer: () => '/trytibbs',
  /** spec §2.5: Brands and Partners are sections of the home page. */
  homeSection: (id: 'brands' | 'partners') => `/#${id}`,
} as const;
