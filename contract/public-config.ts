import type { Environment } from './environment';

/**
 * The short, explicit list of settings the web app may see (sent to the browser in the page).
 * Built by server/web.ts from server/config.ts; nothing secret belongs here.
 */
export interface PublicConfig {
  appVersion: string;
  environment: Environment;
  /** Origin of canonical URLs, e.g. https://spotreel.app. */
  siteUrl: string;
  /** Base of the web-to-app deep link (spec §2.5). */
  appLinkBase: string;
  /** Store links by the lookup keys of spec §2.5. */
  appStoreLinks: { 'qrcode-download-apple': string; 'qrcode-download-google': string };
  /** The QR code of the app link, from the media host. */
  qrCodeUrl: string;
  /** The external business-claim site (spec §2.2, §2.5 banner). */
  claimBusinessUrl: string;
  /** The external scheduling page of business verification (spec §2.2). */
  verifySchedulingUrl: string;
  /** The hosted subscription checkout of the monthly profile (spec §2.2, link only). */
  profileCheckoutUrl: string;
  /** The giveaway's entry period, ISO dates (kygo-sweepstakes and its rules). */
  giveaway: { opens: string; closes: string };
  /** Company pages outside this app: careers, press kit, terms, privacy, support. */
  companyLinks: { careers: string; press: string; terms: string; privacy: string; support: string };
  socialLinks: { instagram: string; tiktok: string; youtube: string; x: string; facebook: string };
  /**
   * Trackers (docs/decisions/017-flags-and-analytics.md): each loads only when its key is set,
   * after the page is interactive, and — when consent is required — after the visitor agrees.
   */
  analytics: {
    consentRequired: boolean;
    posthog: { key: string; host: string } | null;
    ga4: string | null;
    metaPixel: string | null;
  };
  /** Test-only triggers (a screen that throws on ?__throw=render); never on in production. */
  testHooks: boolean;
}
