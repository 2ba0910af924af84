export type { ShareResource, ShareResourceType } from '../../../contract/trackers';

export const REFERRER_PARAM = 'referrer';

/** A short referrer code from the sharer's distinct id: stable per browser, not the id itself. */
export function referrerCode(distinctId: string | null): string {
  const letters = (distinctId ?? '').replace(/[^A-Za-z0-9]/g, '');
  return letters ? `r${letters.slice(0, 12)}` : 'web';
}

/** The address to share: the page's canonical path with the sharer's referrer code. */
export function shareUrl(origin: string, path: string, code: string): string {
  const url = new URL(path, origin);
  url.searchParams.set(REFERRER_PARAM, code);
  return url.toString();
}

/** A referrer code as the share tracker accepts it, or null (spec §7 trackers/share). */
export function readReferrer(search: string): string | null {
  const value = new URLSearchParams(search).get(REFERRER_PARAM);
  return value && /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : null;
}
