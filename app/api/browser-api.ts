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

/** The API client in the browser: device id from local storage (spec §3), tokens from cookies. */
export function browserApi(): ApiClient {
  if (client) return client;
  const config = browserConfig();
  client = createApiClient({
    baseUrl: '',
    fetch: (input, init) => window.fetch(input, init),
    session: () => ({
      deviceId: ensureDeviceId(
        window.localStorage,
        readCookie(document.cookie, DEVICE_ID_COOKIE),
        () => crypto.randomUUID(),
      ),
      authToken: readCookie(document.cookie, AUTH_TOKEN_COOKIE),
      csrfToken: readCookie(document.cookie, CSRF_COOKIE),
    }),
    appVersion: config?.appVersion ?? 'web',
    environment: config?.environment ?? 'unknown',
  });
  return client;
}
