import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { TEST_ACCOUNTS } from '../../server/auth/test-accounts';
import { api, baseUrl, csrfPair, pageCookies } from './client';
import { signInPopup } from './sign-in';

/**
 * CSRF tokens and cookie names (docs/decisions/025-csrf-tokens.md): a state-changing call that
 * carries cookies needs, in X-CSRFToken, the token of the CSRF cookie, which only the server can
 * make and which holds for the device id cookie it was made for. On a secure host every cookie
 * of the site is `__Host-` named, Secure, Path=/ and without Domain.
 */
const share = { resourceId: 1, resourceType: 'city', referrerCode: 'csrf-test' };
const write = (headers: Record<string, string>) =>
  api<ErrorBody>('/api/v2/trackers/share', { method: 'POST', body: share, headers });

/** The refusal: 403 csrf_failed in ErrorBody, naming the header. */
function expectRefused(answer: { status: number; body: ErrorBody }, what: string) {
  expect(answer.status, what).toBe(403);
  expect(answer.body, what).toEqual({
    error: 'csrf_failed',
    message: expect.stringContaining('x-csrftoken header'),
    fields: [{ field: 'headers.x-csrftoken', message: expect.any(String) }],
  });
}

/** The Set-Cookie lines of an answer, by cookie name. */
function setCookies(lines: string[] | undefined): Map<string, string> {
  return new Map((lines ?? []).map((line) => [line.slice(0, line.indexOf('=')), line]));
}
const valueOf = (line: string | undefined) => line?.split(';')[0]!.split('=')[1];

describe('a state-changing call that carries cookies', () => {
  it('passes with the token a page handed out for its device id', async () => {
    const csrf = await csrfPair();
    expect(csrf.token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const ok = await write({ cookie: csrf.cookie, 'x-csrftoken': csrf.token });
    expect(ok.status).toBe(201);
  });

  it('is refused without the header, or with a header other than the cookie', async () => {
    const csrf = await csrfPair();
    expectRefused(await write({ cookie: csrf.cookie }), 'no header');
    const other = await csrfPair();
    expectRefused(
      await write({ cookie: csrf.cookie, 'x-csrftoken': other.token }),
      "another device's token in the header",
    );
  });

  it('is refused with a token the server did not make: forged, short, truncated, altered', async () => {
    const csrf = await csrfPair();
    const [nonce, mac] = csrf.token.split('.') as [string, string];
    const forged = [
      'a',
      'abcdefghijklmnopqrstuvwxyz012345',
      'abcdefabcdefabcdefabcdefabcdefab',
      csrf.token.slice(0, -1),
      nonce,
      `${nonce}.${mac.slice(0, 20)}`,
      `${'A'.repeat(22)}.${mac}`,
      `${nonce}.${'A'.repeat(43)}`,
    ];
    // The double submit of old passed any equal pair: both cookie and header hold the forgery.
    for (const token of forged)
      expectRefused(
        await write({
          cookie: `device_id=${csrf.deviceId}; csrftoken=${token}`,
          'x-csrftoken': token,
        }),
        token,
      );
  });

  it("is refused with another device's real token, or without a device id", async () => {
    const mine = await csrfPair();
    const theirs = await csrfPair();
    expectRefused(
      await write({
        cookie: `device_id=${mine.deviceId}; csrftoken=${theirs.token}`,
        'x-csrftoken': theirs.token,
      }),
      "another device's token",
    );
    expectRefused(
      await write({ cookie: `csrftoken=${mine.token}`, 'x-csrftoken': mine.token }),
      'no device id',
    );
  });

  it('is refused with a fresh pair for the next try, which then passes', async () => {
    const csrf = await csrfPair();
    const stale = (site: string) =>
      fetch(`${baseUrl()}/api/v2/trackers/share`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `device_id=${csrf.deviceId}; csrftoken=stale`,
          'x-csrftoken': 'stale',
          'sec-fetch-site': site,
        },
        body: JSON.stringify(share),
      });
    // A cross-site post is refused and changes nothing: no page of another site may replace a
    // visitor's device id or token.
    const crossSite = await stale('cross-site');
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    // Our own page's call gets a fresh token with its refusal.
    const refused = await stale('same-origin');
    expect(refused.status).toBe(403);
    const issued = setCookies(refused.headers.getSetCookie());
    // The device id was good: it stays, and the new token is made for it.
    expect(issued.has('device_id')).toBe(false);
    const token = valueOf(issued.get('csrftoken'))!;
    expect(token).toMatch(/\./);
    const ok = await write({
      cookie: `device_id=${csrf.deviceId}; csrftoken=${token}`,
      'x-csrftoken': token,
    });
    expect(ok.status).toBe(201);
  });

  it('needs no token when it carries no cookies (apps, scripts: no ambient authority)', async () => {
    expect((await write({})).status).toBe(201);
  });

  it('is explained in /api/docs and the OpenAPI document', async () => {
    const docs = await (await fetch(`${baseUrl()}/api/docs`)).text();
    expect(docs).toContain('X-CSRFToken the token of the csrftoken cookie');
    const openapi = (await api<{ info: { description: string } }>('/api/openapi.json')).body;
    expect(openapi.info.description).toContain('403 csrf_failed');
  });
});

describe('the page', () => {
  it('keeps a good pair, and issues a new token when the device id changes', async () => {
    const csrf = await csrfPair();
    const again = await fetch(`${baseUrl()}/`, { headers: { cookie: csrf.cookie } });
    await again.arrayBuffer();
    const kept = setCookies(again.headers.getSetCookie());
    expect(kept.has('csrftoken')).toBe(false);
    expect(kept.has('device_id')).toBe(false);

    // The device id cookie went (or was replaced): the token of the old id goes with it.
    const other = await csrfPair();
    const moved = await fetch(`${baseUrl()}/`, {
      headers: { cookie: `device_id=${other.deviceId}; csrftoken=${csrf.token}` },
    });
    await moved.arrayBuffer();
    const token = valueOf(setCookies(moved.headers.getSetCookie()).get('csrftoken'));
    expect(token).toBeDefined();
    expect(token).not.toBe(csrf.token);
    const ok = await write({
      cookie: `device_id=${other.deviceId}; csrftoken=${token}`,
      'x-csrftoken': token!,
    });
    expect(ok.status).toBe(201);
  });

  it("GET /api/cookies gives a cached page's script what the page did not set (ADR 070)", async () => {
    const first = await fetch(`${baseUrl()}/api/cookies`);
    expect(first.status).toBe(204);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const issued = setCookies(first.headers.getSetCookie());
    expect([...issued.keys()].sort()).toEqual(['csrftoken', 'device_id', 'distinct_id']);
    const deviceId = valueOf(issued.get('device_id'))!;
    const token = valueOf(issued.get('csrftoken'))!;
    const ok = await write({
      cookie: `device_id=${deviceId}; csrftoken=${token}`,
      'x-csrftoken': token,
    });
    expect(ok.status).toBe(201);
    // a browser that holds them all is given none again
    const cookie = [...issued].map(([name, line]) => `${name}=${valueOf(line)}`).join('; ');
    const again = await fetch(`${baseUrl()}/api/cookies`, { headers: { cookie } });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('names its cookies plainly on a local host, which is plain HTTP', async () => {
    const names = Object.keys(await pageCookies()).sort();
    expect(names).toEqual(['csrftoken', 'device_id', 'distinct_id']);
  });
});

interface RawAnswer {
  status: number;
  setCookies: Map<string, string>;
  text: string;
}

/** A call exactly as written, Host header included (fetch will not send one of its own). */
function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> {
  const url = new URL(baseUrl());
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: init.method ?? 'GET',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            setCookies: setCookies(response.headers['set-cookie']),
            text,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Path=/, Secure, no Domain: the shape a browser keeps a `__Host-` cookie in. */
function expectHostCookie(line: string | undefined, name: string) {
  expect(line, name).toBeDefined();
  const attributes = line!.split(';').map((part) => part.trim().toLowerCase());
  expect(attributes, name).toContain('path=/');
  expect(attributes, name).toContain('secure');
  expect(
    attributes.some((a) => a.startsWith('domain=')),
    name,
  ).toBe(false);
}

describe('on a secure host (spec §9: every environment but local)', () => {
  const SECURE = { host: 'spotreel.app' };
  const cookieHeader = (answer: RawAnswer, ...names: string[]) =>
    names.map((name) => `${name}=${valueOf(answer.setCookies.get(name))}`).join('; ');

  it('the page sets __Host- cookies: Secure, Path=/, no Domain', async () => {
    const page = await raw('/', { headers: SECURE });
    expect(page.status).toBe(200);
    expect([...page.setCookies.keys()].sort()).toEqual([
      '__Host-csrftoken',
      '__Host-device_id',
      '__Host-distinct_id',
    ]);
    for (const [name, line] of page.setCookies) expectHostCookie(line, name);
  });

  it('a write passes with the __Host- pair, and only with it', async () => {
    const page = await raw('/', { headers: SECURE });
    const token = valueOf(page.setCookies.get('__Host-csrftoken'))!;
    const pair = cookieHeader(page, '__Host-device_id', '__Host-csrftoken');
    const ok = await raw('/api/v2/trackers/share', {
      method: 'POST',
      headers: { ...SECURE, cookie: pair, 'x-csrftoken': token },
      body: share,
    });
    expect(ok.status).toBe(201);
    // The same values under the bare names: cookies another host (a sibling subdomain) could
    // have set, which the server does not read here.
    const bare = await raw('/api/v2/trackers/share', {
      method: 'POST',
      headers: {
        ...SECURE,
        cookie: pair.replaceAll('__Host-', ''),
        'x-csrftoken': token,
        // from a page of this site, so the refusal hands out a pair
        'sec-fetch-site': 'same-origin',
      },
      body: share,
    });
    expect(bare.status).toBe(403);
    expect(JSON.parse(bare.text)).toMatchObject({
      error: 'csrf_failed',
      message: expect.stringContaining('__Host-csrftoken cookie'),
    });
    // ...and hands out a __Host- pair for the next try
    expectHostCookie(bare.setCookies.get('__Host-csrftoken'), '__Host-csrftoken');
    expectHostCookie(bare.setCookies.get('__Host-device_id'), '__Host-device_id');
  });

  it('the event sink reads the __Host- distinct id and consent', async () => {
    const page = await raw('/', { headers: SECURE });
    const cookie = `${cookieHeader(page, '__Host-device_id', '__Host-csrftoken', '__Host-distinct_id')}; __Host-spotreel_consent=granted`;
    const sent = await raw('/api/events', {
      method: 'POST',
      headers: {
        ...SECURE,
        cookie,
        'x-csrftoken': valueOf(page.setCookies.get('__Host-csrftoken'))!,
      },
      body: { events: [{ name: 'page-view', path: '/', occurredAt: new Date().toISOString() }] },
    });
    expect(sent.status, sent.text).toBe(202);
  });

  it('the sign-in flow cookie is __Host- named at Path=/, and only that one is read back', async () => {
    const start = await raw('/auth/google/start', { headers: SECURE });
    expect(start.status).toBe(302);
    const flow = start.setCookies.get('__Host-auth_flow');
    expectHostCookie(flow, '__Host-auth_flow');
    expect(flow).toMatch(/HttpOnly/i);
    expect(flow).toMatch(/SameSite=None/i);
    const state = valueOf(flow)!;
    const callback = `/auth/google/callback?state=${state}&error=access_denied`;
    const bare = await raw(callback, { headers: { ...SECURE, cookie: `auth_flow=${state}` } });
    expect(bare.text).toContain('not started in this browser');
    const prefixed = await raw(callback, {
      headers: { ...SECURE, cookie: `__Host-auth_flow=${state}` },
    });
    expect(prefixed.text).toContain('Sign-in cancelled');
    // cleared with the attributes a browser needs to let go of a __Host- cookie
    const cleared = prefixed.setCookies.get('__Host-auth_flow');
    expectHostCookie(cleared, '__Host-auth_flow');
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('the session cookie is __Host- named: httpOnly, Secure, Path=/', async () => {
    const account = TEST_ACCOUNTS.find((a) => a.provider === 'google')!;
    const { message } = await signInPopup('google', { account: account.subject });
    expect(message.idToken).toBeTruthy();
    const me = await raw('/api/user/me', {
      method: 'POST',
      headers: { ...SECURE, authorization: `Bearer ${message.idToken}` },
      body: message.user,
    });
    expect(me.status, me.text).toBe(200);
    const session = me.setCookies.get('__Host-auth_token');
    expectHostCookie(session, '__Host-auth_token');
    expect(session).toMatch(/HttpOnly/i);
    expect(me.setCookies.has('auth_token')).toBe(false);
    // read back under that name only
    const token = valueOf(session)!;
    const signedIn = await raw('/api/user/me', {
      headers: { ...SECURE, cookie: `__Host-auth_token=${token}` },
    });
    expect(JSON.parse(signedIn.text)).toMatchObject({ status: 'valid' });
    const bare = await raw('/api/user/me', {
      headers: { ...SECURE, cookie: `auth_token=${token}` },
    });
    expect(JSON.parse(bare.text)).toEqual({ status: 'signed_out' });
  });
});
