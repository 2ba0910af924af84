/**
 * The analytics events of spec §7 (docs/decisions/017-flags-and-analytics.md): a page view on
 * load and on each client navigation, and events on clicks of the labelled buttons. Plain lists
 * only, so the web app can import them without zod.
 */
export const ANALYTICS_EVENTS = [
  'page-view',
  'install-button-click',
  'biz-owners-click',
  'claim-business-click',
  /** The cart event a claim click adds on business pages. */
  'add-to-cart',
  'checkout-initiation',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** The click labels of spec §7 and the event each one sends. */
export const TRACKED_LABELS = {
  'Get the app': 'install-button-click',
  'Install Now': 'install-button-click',
  Open: 'install-button-click',
  'Biz Owners': 'biz-owners-click',
  'Claim Business': 'claim-business-click',
  'Claim Your Business': 'claim-business-click',
  'join the team': 'checkout-initiation',
} as const satisfies Record<string, AnalyticsEventName>;
export type TrackedLabel = keyof typeof TRACKED_LABELS;

/** The visitor's answer to the consent banner: `granted` or `denied` (ADR 017). */
export const CONSENT_COOKIE = 'spotreel_consent';

/** Flag values as the page and the trackers see them: on/off, or the variant a person is in. */
export type FlagValue = boolean | string;

/**
 * spec §3 page flag data, as the trackers start from it: the flags embedded in every page (so the
 * first render already uses them) and the distinct id of the browser's cookie, which is not in
 * the page (docs/decisions/070-pages-a-shared-cache-can-hold.md).
 */
export interface PageFlags {
  distinct_id: string;
  flags: Record<string, FlagValue>;
}

/** The flags the product itself reads (config/flags.json declares them). */
export const PRODUCT_FLAGS = {
  /** spec §2.1 device flag: when on, desktop visitors to the root get the app, not the landing set. */
  consumerAppOnDesktop: 'consumer-app-on-desktop',
  /** spec §2.2 default-target flag: a variant names where every claim goes. */
  businessEntryDefaultTarget: 'business-entry-default-target',
} as const;

/** The variants of the default-target flag, each a branch of the business-entry decision. */
export const BUSINESS_ENTRY_TARGETS = ['claim-site', 'verify-business', 'claim-business'] as const;
export type BusinessEntryTarget = (typeof BUSINESS_ENTRY_TARGETS)[number];
