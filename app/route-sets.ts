/**
 * spec §2: the route set of a first page load. Which page a URL shows is React Router's route
 * table (app/routes.ts); this module holds only what the table cannot say, because it depends on
 * the first path the visitor loaded (docs/decisions/067-route-modules.md):
 *
 * - the desktop root (§2.1): the landing set, whose only page is the landing page;
 * - the business set (§2.2): a business path or any path containing "biz"; an address of that
 *   set that names no business page shows the business landing, as a 404;
 * - the campaign set (§2.3): one of the six campaign pages;
 * - the consumer set (§2.4): everything else.
 *
 * Pure: the root loader decides the set of a document request, the root component which page
 * an address of the business set shows, and links whether a path must load as a new page.
 */

import type { DeviceClass } from '../contract/device';
export type { DeviceClass };
export type RouteSet = 'landing' | 'business' | 'campaign' | 'consumer';

/** What `<main data-screen>` says a page is (the browser tests and the app-install modal read it). */
export type ScreenId =
  | 'landing'
  | 'location'
  | 'review'
  | 'user'
  | 'city'
  | 'topic'
  | 'search'
  | 'feed'
  | 'collection'
  | 'user-collection'
  | 'biz-landing'
  | 'biz-claim'
  | 'biz-claim-complete'
  | 'biz-sign-in'
  | 'biz-dashboard'
  | 'verify-business'
  | 'verify-business-checkout'
  | 'scholarship'
  | 'kygo-sweepstakes'
  | 'kygo-sweepstakes-rules'
  | 'creators'
  | 'communityround'
  | 'trytibbs';

/** Which shared chrome a page gets (spec §2.2, §2.3): one layout route each (app/routes.ts). */
export type LayoutKind =
  | 'consumer' // shared header, footer, claim-business banner, sticky app footer
  | 'business-shared' // shared header and footer, no banner
  | 'business-sign-in' // header hidden on desktop (shown on mobile/tablet), no footer
  | 'business-bare' // no shared header or footer
  | 'campaign-shared' // as the consumer app's
  | 'campaign-compact' // compact logo-only header, no footer, no banner
  | 'none'; // no shared layout

export type DashboardTab = 'overview' | 'info' | 'growth';

/** spec §2.2: the business paths. The four dashboard paths are one page (the spec's "eight"). */
export const BUSINESS_PATHS: readonly string[] = [
  'biz',
  'claim-business',
  'claim-business/complete',
  'biz/claim-business',
  'biz/sign-in',
  'biz/dashboard',
  'biz/dashboard/overview',
  'biz/dashboard/info',
  'biz/dashboard/growth',
  'verify-business',
  'verify-business/checkout',
];

/** spec §2.3: the six campaign pages. */
export const CAMPAIGN_PATHS: readonly string[] = [
  'scholarship',
  'kygo-sweepstakes',
  'kygo-sweepstakes-rules',
  'creators',
  'communityround',
  'trytibbs',
];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed %-escape is kept as typed rather than failing the page
  }
}

/**
 * The path without query, hash, leading/trailing or repeated slashes, each segment decoded.
 * A decoded '/' stays '%2F' so the segments keep their boundaries (as React Router does).
 */
export function normalizePath(pathname: string): string {
  const end = pathname.search(/[?#]/);
  const path = end === -1 ? pathname : pathname.slice(0, end);
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => safeDecode(segment).replaceAll('/', '%2F'))
    .join('/');
}

/**
 * spec §2.1–2.3, first page load only: later navigations keep the set this returns.
 * `appOnDesktop` is spec §2.1's device flag (the `consumer-app-on-desktop` feature flag).
 */
export function resolveRouteSet(
  firstPath: string,
  device: DeviceClass,
  appOnDesktop = false,
): RouteSet {
  const path = normalizePath(firstPath);
  // spec §2.1: not mobile (tablets count with phones: they get the app push) and the flag off
  if (path === '' && device === 'desktop' && !appOnDesktop) return 'landing';
  // spec §2.2: a business path, or any path containing 'biz'
  if (BUSINESS_PATHS.includes(path) || path.toLowerCase().includes('biz')) return 'business';
  if (CAMPAIGN_PATHS.includes(path)) return 'campaign';
  return 'consumer';
}

/**
 * spec §2.2 "any other path shows the business landing": in the business set, an address that
 * is no business path (`/biz/other`, `/users/bizzy`) shows the business landing, as a 404,
 * whichever route of the table it matches.
 */
export const showsBusinessLanding = (set: RouteSet, path: string): boolean =>
  set === 'business' && !BUSINESS_PATHS.includes(normalizePath(path));

/**
 * Whether a link to `path` must be a full page load. Client navigations stay in the set of the
 * first load (spec §2), so a link to a path whose own first load would pick another set loads a
 * new page, which decides again: a page always shows what a reload of its address shows. Two
 * pairs of sets show the same page for such a path and stay on the client: the root path from
 * a consumer or campaign page (the landing page either way), and a consumer path from a
 * campaign page (the campaign set browses the consumer app). `path` may carry its query.
 */
export function needsFullLoad(
  set: RouteSet,
  path: string,
  device: DeviceClass,
  appOnDesktop = false,
): boolean {
  const target = resolveRouteSet(path, device, appOnDesktop);
  if (target === set) return false;
  if (target === 'landing') return set === 'business';
  return !(set === 'campaign' && target === 'consumer');
}
