import type { AppLoadContext } from 'react-router';
import { createApiClient, type ApiClient } from './client';

/** The API client during a server render: in-process calls carrying the visitor's cookies. */
export function serverApi(context: AppLoadContext): ApiClient {
  const { cookies, publicConfig } = context;
  const cookieHeader = Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  return createApiClient({
    baseUrl: '',
    fetch: (input, init) => context.apiFetch(input, init),
    session: () => ({
      deviceId: cookies.device_id ?? null,
      authToken: cookies.auth_token ?? null,
      csrfToken: cookies.csrftoken ?? null,
      cookieHeader,
    }),
    appVersion: publicConfig.appVersion,
    environment: publicConfig.environment,
  });
}
