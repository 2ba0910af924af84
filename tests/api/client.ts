import { inject } from 'vitest';
import { rawGet } from '../raw-get';
import { SITE_COOKIES_URL } from '../../contract/cookies';

export const baseUrl = () => inject('baseUrl');

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A call the way the web app makes it (spec §7 headers), against the real test server. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(baseUrl() + path, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'device-id': 'web-test-device-0001',
      ...init.headers,
    },
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

/**
 * A request that asks for no stored answer: the read cache answers it from the database (and
 * keeps that answer). Query noise (`fresh`) does not do it there: the read cache keys a read by
 * its checked input, which has no such parameter (ADR 071).
 */
export const NO_CACHE = { 'cache-control': 'no-cache' };

/** Unique query noise so a page is rendered for this request, not taken from the page cache. */
let counter = 0;
export const fresh = (path: string) =>
  `${path}${path.includes('?') ? '&' : '?'}_t=${Date.now()}-${counter++}`;

/** A GET to the test server exactly as written, Host header included. */
export const rawRequest = (path: string, headers: Record<string, string> = {}) =>
  rawGet(baseUrl(), path, headers);

/** The cookies a page of the server sets for a first visit (server/web.ts), by name. */
export const pageCookies = (origin = baseUrl()) =>
  setCookiesOf(fetch(`${origin}/`, { headers: { accept: 'text/html' } }));

/** The cookies an answer sets, by name. */
async function setCookiesOf(answer: Promise<Response>): Promise<Record<string, string>> {
  const page = await answer;
  await page.arrayBuffer();
  return Object.fromEntries(
    page.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
}

export interface CsrfPair {
  /** The device id and CSRF cookies, for a Cookie header (other cookies may follow). */
  cookie: string;
  /** The token, for the X-CSRFToken header. */
  token: string;
  deviceId: string;
}

/**
 * What a browser holds after loading a page: its device id and the CSRF token the server signed
 * for it (docs/decisions/025-csrf-tokens.md). A write that carries cookies needs both.
 */
export async function csrfPair(origin = baseUrl()): Promise<CsrfPair> {
  let cookies = await pageCookies(origin);
  // A page that could be anyone's sets none (no flag splits visitors, ADR 070): the page's script
  // asks for them, as here.
  if (!cookies.csrftoken) cookies = await setCookiesOf(fetch(`${origin}${SITE_COOKIES_URL}`));
  const token = cookies.csrftoken;
  const deviceId = cookies.device_id;
  if (!token || !deviceId) throw new Error(`the page set no CSRF pair: ${JSON.stringify(cookies)}`);
  return { cookie: `device_id=${deviceId}; csrftoken=${token}`, token, deviceId };
}
