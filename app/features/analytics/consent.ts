/** The visitor's answer to the consent banner, kept for six months in a first-party cookie. */
export type Consent = 'granted' | 'denied';

const COOKIE = 'spotreel_consent';
const SIX_MONTHS = 182 * 24 * 3600;
const SETTINGS_EVENT = 'spotreel:consent-settings';

export function storedConsent(): Consent | null {
  const match = /(?:^|;\s*)spotreel_consent=(granted|denied)(?:;|$)/.exec(document.cookie);
  return (match?.[1] as Consent | undefined) ?? null;
}

export function storeConsent(choice: Consent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${choice}; Max-Age=${SIX_MONTHS}; Path=/; SameSite=Lax${secure}`;
}

/** The footer's "Cookie choices" link asks the banner to open again. */
export const openConsentSettings = () => window.dispatchEvent(new Event(SETTINGS_EVENT));

export function onConsentSettings(listener: () => void): () => void {
  window.addEventListener(SETTINGS_EVENT, listener);
  return () => window.removeEventListener(SETTINGS_EVENT, listener);
}
