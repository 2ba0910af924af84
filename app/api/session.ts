import {
  cookieName,
  CSRF_COOKIE,
  DEVICE_ID_COOKIE,
  secureCookiesIn,
  SESSION_COOKIE,
} from '../../contract/cookies';
import type { Environment } from '../../contract/environment';

/** spec §3, §9: the local storage key of the device id. */
export const DEVICE_ID_KEY = 'deviceId';
/**
 * The device id mirrored in a cookie, so the server knows it from a page's first request; and
 * spec §7's cross-site request token, which the server signs for it (docs/decisions/025-csrf-tokens.md).
 */
export { CSRF_COOKIE, DEVICE_ID_COOKIE };
/** spec §7: the Auth-Token header's cookie. */
export const AUTH_TOKEN_COOKIE = SESSION_COOKIE;

const DEVICE_ID_PREFIX = 'web-';
// A cookie is visitor-controlled and ends up in a request header: adopt only a plain token.
const ADOPTABLE_DEVICE_ID = /^web-[A-Za-z0-9._~-]{1,128}$/;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The value of cookie `name` in a Cookie header string (first one wins, as browsers send it), decoded. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    return safeDecode(value);
  }
  return null;
}

/**
 * The value of the site's cookie `name` under the name it goes by in `environment`
 * (contract/cookies.ts): `__Host-<name>` everywhere but on local hosts. The browser takes the
 * environment of its first load's public config, the one the server set the cookies for.
 */
export const readSiteCookie = (
  cookieHeader: string | null | undefined,
  name: string,
  environment: Environment,
): string | null => readCookie(cookieHeader, cookieName(name, secureCookiesIn(environment)));

function readStorage(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(DEVICE_ID_KEY);
  } catch {
    return null; // blocked storage reads as empty
  }
}

/** spec §3: a random id prefixed 'web-'. */
export function newDeviceId(random: () => string): string {
  return `${DEVICE_ID_PREFIX}${random()}`;
}

/**
 * spec §3: the device id kept in local storage under 'deviceId'. Keeps the stored one; else adopts
 * a 'web-…' id from the `device_id` cookie (the server saw it first); else makes and stores one.
 * Storage that throws (blocked or private modes) still yields an id for this call.
 */
export function ensureDeviceId(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  cookieValue: string | null,
  random: () => string,
): string {
  const stored = readStorage(storage);
  if (stored) return stored;
  const id =
    cookieValue && ADOPTABLE_DEVICE_ID.test(cookieValue) ? cookieValue : newDeviceId(random);
  try {
    storage.setItem(DEVICE_ID_KEY, id);
  } catch {
    // nothing to keep it in: the id still serves this call
  }
  return id;
}
