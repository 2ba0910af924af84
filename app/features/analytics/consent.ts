import { CONSENT_COOKIE } from '../../../contract/analytics-events';
import { cookieName, secureCookiesIn } from '../../../contract/cookies';
import { readSiteCookie } from '../../api/session';
import { browserConfig } from '../../page-state';

/** The first load's environment decides the cookie's name, as for the server's cookies (ADR 025). */
const environment = () => browserConfig()?.environment ?? 'unknown';

/** The visitor's answer to the consent banner, kept for six months in a first-party cookie. */
export type Consent = 'granted' | 'denied';

const SIX_MONTHS = 182 * 24 * 3600;
const SETTINGS_EVENT = 'spotreel:consent-settings';

export function storedConsent(): Consent | null {
  const value = readSiteCookie(document.cookie, CONSENT_COOKIE, environment());
  return value === 'granted' || value === 'denied' ? value : null;
}

/** Kept like the server's cookies: `__Host-` named and Secure except on local hosts. */
export function storeConsent(choice: Consent): void {
  const secure = secureCookiesIn(environment());
  document.cookie = `${cookieName(CONSENT_COOKIE, secure)}=${choice}; Max-Age=${SIX_MONTHS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** What the trackers left in this browser (GA4, Meta pixel, PostHog), for a withdrawn consent. */
export function forgetTrackers(): void {
  const host = window.location.hostname;
  const domains = ['', host, `.${host.split('.').slice(-2).join('.')}`];
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    if (!/^(_ga|_gid|_fbp|_fbc|ph_)/.test(name)) continue;
    for (const domain of domains)
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
  }
  for (const key of Object.keys(window.localStorage))
    if (key.startsWith('ph_') || key.startsWith('__ph')) window.localStorage.removeItem(key);
}

/** The footer's "Cookie choices" link asks the banner to open again. */
export const openConsentSettings = () => window.dispatchEvent(new Event(SETTINGS_EVENT));

export function onConsentSettings(listener: () => void): () => void {
  window.addEventListener(SETTINGS_EVENT, listener);
  return () => window.removeEventListener(SETTINGS_EVENT, listener);
}
