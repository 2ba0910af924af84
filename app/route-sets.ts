/**
 * spec §2.1–2.4: which route set a first page load gets, and which screen a path shows inside
 * that set. Pure: the server uses it for the document, the browser for client navigations, which
 * stay in the set of the first load (docs/architecture.md, "Route sets").
 */

import type { DeviceClass } from '../contract/device';
export type { DeviceClass };
export type RouteSet = 'landing' | 'business' | 'campaign' | 'consumer';
export type ScreenId =
  | 'landing'
  | 'location'
  | 'review'
  | 'user'
  | 'city'
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

/** Which shared chrome a screen gets (spec §2.2, §2.3). */
export type LayoutKind =
  | 'consumer' // shared header, footer, claim-business banner, sticky app footer
  | 'business-shared' // shared header and footer, no banner
  | 'business-sign-in' // header hidden on desktop (shown on mobile/tablet), no footer
  | 'business-bare' // no shared header or footer
  | 'campaign-shared' // shared header, footer, banner
  | 'campaign-compact' // compact logo-only header, no footer, no banner
  | 'none'; // no shared layout

export type DashboardTab = 'overview' | 'info' | 'growth';

export interface Screen {
  set: RouteSet;
  id: ScreenId;
  /** Named path parameters of the matched pattern, decoded (e.g. { stateSlug: 'il', citySlug: 'chicago' }). */
  params: Record<string, string>;
  layout: LayoutKind;
  /** biz/dashboard/overview|info|growth select a tab of the one dashboard screen; plain biz/dashboard is 'overview'. */
  dashboardTab?: DashboardTab;
  /**
   * The path names nothing in its set: the spec's "any other path" (§2.2, §2.4), which shows a
   * landing page — answered with status 404, so it is not a soft 404 (ADR 031).
   */
  unknownPath?: true;
}

/** A URL pattern without leading slash; `:name` matches exactly one non-empty segment. */
export interface RoutePattern {
  pattern: string;
  id: ScreenId;
}

/** A fixed path of the business or campaign set and the chrome its screen gets. */
export interface FixedRoute extends RoutePattern {
  layout: LayoutKind;
  dashboardTab?: DashboardTab;
}

/** spec §2.2: the business paths. The four dashboard paths are one screen (the spec's "eight"). */
export const BUSINESS_ROUTES = [
  // spec §2.2: the shared header and footer appear only on the next four
  { pattern: 'biz', id: 'biz-landing', layout: 'business-shared' },
  { pattern: 'claim-business', id: 'biz-claim', layout: 'business-shared' },
  { pattern: 'claim-business/complete', id: 'biz-claim-complete', layout: 'business-shared' },
  { pattern: 'biz/claim-business', id: 'biz-claim', layout: 'business-shared' },
  { pattern: 'biz/sign-in', id: 'biz-sign-in', layout: 'business-sign-in' },
  {
    pattern: 'biz/dashboard',
    id: 'biz-dashboard',
    layout: 'business-bare',
    dashboardTab: 'overview',
  },
  {
    pattern: 'biz/dashboard/overview',
    id: 'biz-dashboard',
    layout: 'business-bare',
    dashboardTab: 'overview',
  },
  {
    pattern: 'biz/dashboard/info',
    id: 'biz-dashboard',
    layout: 'business-bare',
    dashboardTab: 'info',
  },
  {
    pattern: 'biz/dashboard/growth',
    id: 'biz-dashboard',
    layout: 'business-bare',
    dashboardTab: 'growth',
  },
  { pattern: 'verify-business', id: 'verify-business', layout: 'business-bare' },
  { pattern: 'verify-business/checkout', id: 'verify-business-checkout', layout: 'business-bare' },
] as const satisfies readonly FixedRoute[];

/** spec §2.3: the six campaign pages. */
export const CAMPAIGN_ROUTES = [
  { pattern: 'scholarship', id: 'scholarship', layout: 'campaign-shared' },
  { pattern: 'kygo-sweepstakes', id: 'kygo-sweepstakes', layout: 'campaign-shared' },
  { pattern: 'kygo-sweepstakes-rules', id: 'kygo-sweepstakes-rules', layout: 'campaign-shared' },
  { pattern: 'creators', id: 'creators', layout: 'campaign-shared' },
  { pattern: 'communityround', id: 'communityround', layout: 'campaign-compact' },
  { pattern: 'trytibbs', id: 'trytibbs', layout: 'none' },
] as const satisfies readonly FixedRoute[];

/** spec §2.4: the consumer app; any path matching none of these shows the landing page. */
export const CONSUMER_ROUTES = [
  { pattern: 'locations/:locationIdentifier', id: 'location' },
  { pattern: 'location/:citySlug/:locationIdentifier', id: 'location' },
  { pattern: 'listing/:reviewId/:stateSlug/:citySlug/:locationIdentifier', id: 'review' },
  { pattern: 'reviews/:reviewId', id: 'review' },
  { pattern: 'users/:userSlug', id: 'user' },
  { pattern: 'city/:stateSlug/:citySlug', id: 'city' },
  { pattern: 'collections/:collectionId', id: 'collection' },
  { pattern: 'users/:userIdentifier/collections/:userCollectionId', id: 'user-collection' },
  { pattern: 'feed', id: 'feed' },
] as const satisfies readonly RoutePattern[];

export const BUSINESS_PATHS: readonly string[] = BUSINESS_ROUTES.map((route) => route.pattern);
export const CAMPAIGN_PATHS: readonly string[] = CAMPAIGN_ROUTES.map((route) => route.pattern);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed %-escape is kept as typed rather than failing the page
  }
}

/**
 * Whether an address asks for search results (issue 18, ADR 036): a `q` (even empty: the
 * results page then asks what to look for) or a category or cuisine filter (the chips).
 * The landing route (`/`) and a city route (`city/:stateSlug/:citySlug`, scoped to the city)
 * show the results page when asked; spec §2.4 names no route of its own for it.
 */
export function asksForResults(path: string): boolean {
  const start = path.indexOf('?');
  if (start === -1) return false;
  const query = new URLSearchParams(path.slice(start + 1).split('#')[0]);
  return query.has('q') || [query.get('category'), query.get('cuisine')].some((v) => !!v?.trim());
}

/** The decoded, non-empty segments of a pathname (query and hash dropped). */
function pathSegments(pathname: string): string[] {
  const end = pathname.search(/[?#]/);
  const path = end === -1 ? pathname : pathname.slice(0, end);
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map(safeDecode);
}

/**
 * The path without query, hash, leading/trailing or repeated slashes, each segment decoded.
 * A decoded '/' stays '%2F' so the segments keep their boundaries (as React Router does).
 */
export function normalizePath(pathname: string): string {
  return pathSegments(pathname)
    .map((segment) => segment.replaceAll('/', '%2F'))
    .join('/');
}

function matchSegments(
  pattern: string,
  segments: readonly string[],
): Record<string, string> | null {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** The decoded params when `path` matches `pattern` exactly (same number of segments), else null. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  return matchSegments(pattern, pathSegments(path));
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

function fixedScreen(
  set: RouteSet,
  routes: readonly FixedRoute[],
  segments: readonly string[],
): Screen | null {
  const route = routes.find((candidate) => matchSegments(candidate.pattern, segments));
  if (!route) return null;
  const screen: Screen = { set, id: route.id, params: {}, layout: route.layout };
  if (route.dashboardTab) screen.dashboardTab = route.dashboardTab;
  return screen;
}

function consumerScreen(set: RouteSet, segments: readonly string[], results: boolean): Screen {
  for (const route of CONSUMER_ROUTES) {
    const params = matchSegments(route.pattern, segments);
    // A city route with a query shows the city's results (ADR 036).
    if (params) {
      const id = route.id === 'city' && results ? 'search' : route.id;
      return { set, id, params, layout: 'consumer' };
    }
  }
  // spec §2.4: any other path shows the landing page; the home page itself is no unknown path
  return segments.length === 0
    ? { set, id: results ? 'search' : 'landing', params: {}, layout: 'consumer' }
    : { set, id: 'landing', params: {}, layout: 'consumer', unknownPath: true };
}

/**
 * The screen `path` shows inside `set`; `screen.set` is always the set given. `path` may carry
 * its query: a query for results turns the landing and city routes into the results page.
 */
export function resolveScreen(set: RouteSet, path: string): Screen {
  const segments = pathSegments(path);
  const results = asksForResults(path);
  switch (set) {
    case 'landing':
      // spec §2.1: the landing page for every path; its own root path also shows results
      return {
        set,
        id: segments.length === 0 && results ? 'search' : 'landing',
        params: {},
        layout: 'consumer',
      };
    case 'business':
      // spec §2.2: any other path shows the business landing, without the shared header and
      // footer (only biz, biz/claim-business, claim-business and claim-business/complete have them)
      return (
        fixedScreen(set, BUSINESS_ROUTES, segments) ?? {
          set,
          id: 'biz-landing',
          params: {},
          layout: 'business-bare',
          unknownPath: true,
        }
      );
    case 'campaign':
      // a campaign visitor can go on to browse the product (spec §2.3 lists only the six pages)
      return fixedScreen(set, CAMPAIGN_ROUTES, segments) ?? consumerScreen(set, segments, results);
    case 'consumer':
      return consumerScreen(set, segments, results);
  }
}

/**
 * Whether a link to `path` must be a full page load: client navigations stay in the set of the
 * first load (spec §2), so a path that would show another screen as a first load (a business or
 * campaign path from a consumer page, say) needs the server to decide again. `path` may carry
 * its query (a query for results changes the screen).
 */
export function needsFullLoad(
  set: RouteSet,
  path: string,
  device: DeviceClass,
  appOnDesktop = false,
): boolean {
  // Every link of every page asks this: each answer is worked out once (a page has dozens of
  // links, most of them on every page).
  const key = `${set} ${device} ${appOnDesktop ? 1 : 0} ${path}`;
  let answer = fullLoads.get(key);
  if (answer === undefined) {
    const firstLoad = resolveScreen(resolveRouteSet(path, device, appOnDesktop), path);
    answer = resolveScreen(set, path).id !== firstLoad.id;
    // Bounded: a server renders links to every place in turn.
    if (fullLoads.size >= FULL_LOADS_KEPT) fullLoads.clear();
    fullLoads.set(key, answer);
  }
  return answer;
}

/** needsFullLoad's answers, by set, device, flag and path. */
const fullLoads = new Map<string, boolean>();
const FULL_LOADS_KEPT = 10_000;
