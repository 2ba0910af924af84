import { DISTINCT_ID_COOKIE, SITE_COOKIES_URL } from '../../contract/cookies';
import { browserConfig } from '../page-state';
import { createApiClient, type ApiClient } from './client';
import {
  AUTH_TOKEN_COOKIE,
  CSRF_COOKIE,
  DEVICE_ID_COOKIE,
  ensureDeviceId,
  readSiteCookie,
} from './session';

let client: ApiClient | null = null;

/** Local storage, or a memory stand-in where the browser blocks it (private modes). */
function deviceStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    const storage = window.localStorage;
    storage.getItem('deviceId');
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
    };
  }
}

/**
 * The site's cookie `name` in this browser: `__Host-<name>` unless the first load's environment
 * is local (contract/cookies.ts).
 */
export const browserCookie = (name: string): string | null =>
  readSiteCookie(document.cookie, name, browserConfig()?.environment ?? 'unknown');

const SITE_COOKIES = [DEVICE_ID_COOKIE, CSRF_COOKIE, DISTINCT_ID_COOKIE];
let askingForCookies: Promise<void> | null = null;

/**
 * Makes sure this browser holds the cookies its writes, view records and events need: the
 * device id and its CSRF token, the distinct id (spec §3, §7). A page a shared cache kept set
 * none (docs/decisions/070-pages-a-shared-cache-can-hold.md), so while one is missing this asks
 * the server once, for every caller. Resolves either way: a write whose token is still missing
 * is refused with a fresh one, and retried once (app/api/client.ts).
 */
export function ensureSiteCookies(): Promise<void> {
  if (SITE_COOKIES.every((name) => browserCookie(name) !== null)) return Promise.resolve();
  askingForCookies ??= window
    .fetch(SITE_COOKIES_URL, { headers: { accept: 'application/json' } })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => (askingForCookies = null));
  return askingForCookies;
}

/** spec §3: the analytics distinct id of this browser, from its cookie (null on the server). */
export const visitorDistinctId = (): string | null =>
  typeof document === 'undefined' ? null : browserCookie(DISTINCT_ID_COOKIE);

/** The API client in the browser: device id from local storage (spec §3), tokens from cookies. */
export function browserApi(): ApiClient {
  if (client) return client;
  const config = browserConfig();
  const storage = deviceStorage();
  client = createApiClient({
    baseUrl: '',
    fetch: (input, init) => window.fetch(input, init),
    session: () => ({
      deviceId: ensureDeviceId(storage, browserCookie(DEVICE_ID_COOKIE), () => crypto.randomUUID()),
      authToken: browserCookie(AUTH_TOKEN_COOKIE),
      csrfToken: browserCookie(CSRF_COOKIE),
    }),
    beforeWrite: ensureSiteCookies,
    appVersion: config?.appVersion ?? 'web',
    environment: config?.environment ?? 'unknown',
  });
  return client;
}
