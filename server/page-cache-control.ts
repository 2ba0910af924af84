/**
 * Who may keep a page, and for how long (docs/decisions/070-pages-a-shared-cache-can-hold.md).
 * A shared cache (a CDN, nginx's proxy_cache) may keep a page only when it is the page every
 * visitor it would be served to gets: an anonymous request, flags that are the same for every
 * distinct id, reads of public data only, no cookie set, a whole 200 HTML page. Everything else
 * is the visitor's own (`private, no-cache`); a page the database could not serve is kept by
 * nobody (ADR 026).
 */
export interface PageAnswer {
  status: number;
  /** The body is HTML (a page, not a redirect or an empty answer). */
  html: boolean;
  /** No session cookie or Auth-Token header, no Authorization header. */
  anonymous: boolean;
  /** Every feature flag evaluates the same for every distinct id (server/flags/evaluate.ts). */
  flagsUniform: boolean;
  /** The render read only what is the same for everyone (server/api/read-route.ts `personal`). */
  publicReads: boolean;
  /** The answer sets a cookie. */
  setsCookie: boolean;
  /** The page's route chose its own Cache-Control (a React Router `headers` export). */
  own?: string | undefined;
}

/** How long a shared cache keeps a page, and serves it past that while it fetches a new one. */
export interface SharedCacheTimes {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/** Shared-cache times from the in-process page cache's own time-to-live; none when it is off. */
export function sharedCacheTimes(pageCacheTtlMs: number): SharedCacheTimes | null {
  const seconds = Math.floor(pageCacheTtlMs / 1000);
  // A CDN's copy outlives a write by up to both (the in-process one is emptied at once), as
  // the API's public answers outlive it by their max-age.
  return seconds > 0 ? { maxAgeSeconds: seconds, staleWhileRevalidateSeconds: seconds } : null;
}

export function pageCacheControl(answer: PageAnswer, shared: SharedCacheTimes | null): string {
  if (answer.status === 503) return 'no-store';
  if (answer.own) return answer.own;
  const everyones =
    shared !== null &&
    answer.status === 200 &&
    answer.html &&
    answer.anonymous &&
    answer.flagsUniform &&
    answer.publicReads &&
    !answer.setsCookie;
  return everyones
    ? `public, max-age=0, s-maxage=${shared.maxAgeSeconds}, stale-while-revalidate=${shared.staleWhileRevalidateSeconds}`
    : 'private, no-cache';
}

/**
 * What a page depends on besides its address: the device class decides its route set (spec
 * §2.1), and the server reads it from these request headers (contract/device.ts). A shared
 * cache should key on the device class itself (docs/deploy.md), which the page names in
 * `x-device-class`.
 */
export const PAGE_VARY = 'User-Agent, Sec-CH-UA-Mobile';
