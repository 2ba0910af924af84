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
    appVersion: config?.appVersion ?? 'web',
    environment: config?.environment ?? 'unknown',
  });
  return client;
}
