import { browserConfig } from '../page-state';
import { createApiClient, type ApiClient } from './client';
import {
  AUTH_TOKEN_COOKIE,
  CSRF_COOKIE,
  DEVICE_ID_COOKIE,
  ensureDeviceId,
  readCookie,
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

/** The API client in the browser: device id from local storage (spec §3), tokens from cookies. */
export function browserApi(): ApiClient {
  if (client) return client;
  const config = browserConfig();
  const storage = deviceStorage();
  client = createApiClient({
    baseUrl: '',
    fetch: (input, init) => window.fetch(input, init),
    session: () => ({
      deviceId: ensureDeviceId(storage, readCookie(document.cookie, DEVICE_ID_COOKIE), () =>
        crypto.randomUUID(),
      ),
      authToken: readCookie(document.cookie, AUTH_TOKEN_COOKIE),
      csrfToken: readCookie(document.cookie, CSRF_COOKIE),
    }),
    appVersion: config?.appVersion ?? 'web',
    environment: config?.environment ?? 'unknown',
  });
  return client;
}
