import type { Environment } from './environment';

/**
 * The site's cookies by concept (docs/decisions/025-csrf-tokens.md). Each concept has one name
 * rule, used by the server and the browser alike: `__Host-<name>` wherever cookies are Secure,
 * the bare name on local hosts (plain-HTTP development, where a `__Host-` cookie cannot be kept).
 * A `__Host-` cookie is Secure, has Path=/ and no Domain, so no other host — a sibling
 * subdomain included — can set or overwrite it.
 */

/** spec §7: the cross-site request token's cookie, signed by the server and bound to the device id. */
export const CSRF_COOKIE = 'csrftoken';
/** spec §7: the header the cross-site request token goes back in (lower case, as Node reads it). */
export const CSRF_HEADER = 'x-csrftoken';
/** The spec §3 device id, set by the server on a page's first request. */
export const DEVICE_ID_COOKIE = 'device_id';
/**
 * Where a page's script gets the device id, CSRF token and distinct id cookies when one is
 * missing: a page a shared cache kept sets none (docs/decisions/070-pages-a-shared-cache-can-hold.md).
 */
export const SITE_COOKIES_URL = '/api/cookies';
/**
 * spec §3: the analytics distinct id's cookie, set with a page that is the visitor's own or by
 * GET /api/cookies (server/security.ts ensureSiteCookies). Here, not with the event schemas of
 * contract/analytics.ts, so the browser reads it without loading them.
 */
export const DISTINCT_ID_COOKIE = 'distinct_id';
/** spec §7: the session token's cookie (httpOnly), also accepted as the Auth-Token header. */
export const SESSION_COOKIE = 'auth_token';
/** The sign-in popup's flow (its `state`), for ten minutes (docs/decisions/014-accounts.md). */
export const SIGN_IN_FLOW_COOKIE = 'auth_flow';

/** spec §9: cookies are Secure in every environment but local (ADR 009). */
export const secureCookiesIn = (environment: Environment): boolean => environment !== 'local';

/** The name a cookie goes by: `__Host-` prefixed where cookies are Secure. */
export const cookieName = (name: string, secure: boolean): string =>
  secure ? `__Host-${name}` : name;
