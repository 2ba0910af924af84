import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { etagOf } from '../../server/etag';
import { api, baseUrl, fresh, rawRequest } from './client';

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await api('/healthz')).status).toBe(200);
    const ready = await api<{ status: string }>('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('stays ready when a client breaks off a body half-way (its mistake, not the database)', async () => {
    const { hostname, port } = new URL(baseUrl());
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST /api/v2/trackers/share HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"resourceId": 1,',
        );
        // Long enough for the server to start reading the body, then gone.
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api('/readyz')).status).toBe(200);
  });
});

describe('security headers', () => {
  it('are on API answers, errors, media and pages', async () => {
    for (const path of [
      '/api/v4/global/watch?limit=1',
      '/api/v2/locations/abc',
      '/media/clips/pizzeria.jpg',
      '/',
      '/api/nothing',
    ]) {
      const { headers } = await api(path);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(headers.get('x-request-id'), path).toMatch(/\S/);
    }
    // Pages keep their sign-in popup's opener, and nobody else's
    expect((await api('/')).headers.get('cross-origin-opener-policy')).toBe(
      'same-origin-allow-popups',
    );
  });

  it('are on a part of a video (a range answer, 206) and on a 304', async () => {
    const part = await fetch(baseUrl() + '/media/clips/pizzeria.mp4', {
      headers: { range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('x-content-type-options')).toBe('nosniff');
    expect(part.headers.get('cross-origin-resource-policy')).toBe('same-site');
    const path = fresh('/api/v2/cities/1/feed');
    const etag = (await api(path)).headers.get('etag')!;
    const unchanged = await fetch(baseUrl() + path, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('x-content-type-options')).toBe('nosniff');
    expect(unchanged.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses a Host header that is no host', async () => {
    for (const host of ['a b', 'spotreel.app/evil', 'x@spotreel.app', '"quoted"', 'host:port']) {
      const answer = await rawRequest('/healthz', { host });
      expect(answer.status, host).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({
        error: 'bad_request',
        message: 'The Host header must be a host name or address, with an optional port.',
      });
      // Refused before the security headers' own hook ran: the answer carries them all the same.
      expect(answer.headers['x-content-type-options'], host).toBe('nosniff');
      expect(answer.headers['content-security-policy'], host).toContain("default-src 'none'");
    }
    for (const host of ['spotreel.app', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000'])
      expect((await rawRequest('/healthz', { host })).status, host).toBe(200);
  });

  it('sends HSTS outside local hosts only', async () => {
    expect((await api('/healthz')).headers.get('strict-transport-security')).toBeNull();
    const production = await rawRequest('/healthz', { host: 'spotreel.app' });
    expect(production.headers['strict-transport-security']).toContain('max-age=');
    const local = await rawRequest('/healthz', { host: 'localhost:3000' });
    expect(local.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('caching of public GETs', () => {
  it('sends Cache-Control and an ETag, and answers If-None-Match with 304', async () => {
    const path = fresh('/api/v2/cities/1/feed');
    const first = await api(path);
    expect(first.headers.get('cache-control')).toContain('stale-while-revalidate');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"/);
    const again = await fetch(baseUrl() + path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const other = await fetch(baseUrl() + path, { headers: { 'if-none-match': '"stale"' } });
    expect(other.status).toBe(200);
  });

  it('answers a burst of the same request from one database read', async () => {
    // A read no other test asks (the read cache keys it by its input, not by query noise).
    const path = '/api/v2/search/wonder-search?term=pizza&limit=13';
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(baseUrl() + path)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    const computed = answers.filter((a) => a.headers.get('x-cache') !== 'hit');
    expect(computed.length).toBeLessThan(answers.length);
  });

  it("tags a search's answer by its bytes, from the search thread or the cache alike", async () => {
    // The search thread sends the bytes and their tag (ADR 053); the cache keeps that tag.
    const path = fresh('/api/v2/search/wonder-search?term=sushi&include=locations,users');
    const plain = { 'accept-encoding': 'identity' };
    const first = await fetch(baseUrl() + path, { headers: plain });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get('content-length')).toBe(String(body.length));
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({ term: 'sushi' });
    const etag = first.headers.get('etag');
    expect(etag).toBe(etagOf(body));
    const again = await fetch(baseUrl() + path, { headers: plain });
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
    const unchanged = await fetch(baseUrl() + path, {
      headers: { ...plain, 'if-none-match': etag! },
    });
    expect(unchanged.status).toBe(304);
  });

  it('never caches writes or errors', async () => {
    const missing = await api('/api/v2/locations/987654321');
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('security headers', () => {
  const BASE = [
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'permissions-policy',
  ];

  it("are on the bundled identity provider's own answers too", async () => {
    for (const path of ['/idp/google/.well-known/openid-configuration', '/idp/google/jwks']) {
      const answer = await fetch(baseUrl() + path);
      expect(answer.status, path).toBe(200);
      for (const name of BASE) expect(answer.headers.get(name), `${path} ${name}`).toBeTruthy();
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    // The provider's route, with /idp/ spelled in percent escapes: still its hijacked answer.
    const escaped = await fetch(baseUrl() + '/%69dp/google/jwks');
    for (const name of BASE) expect(escaped.headers.get(name), `escaped ${name}`).toBeTruthy();
  });

  it('let /api/docs load its own stylesheet and nothing else', async () => {
    const docs = await fetch(baseUrl() + '/api/docs');
    const csp = docs.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    const html = await docs.text();
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets).toEqual(['/api/docs.css']);
    expect(html).not.toMatch(/<script|style=/);
    expect((await fetch(baseUrl() + sheets[0]!)).status).toBe(200);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await api('/api/v9/nothing');
    expect(status).toBe(404);
    expect(body).toEqual({
      error: 'not_found',
      message: 'There is no endpoint GET /api/v9/nothing',
    });
  });

  it('answers unknown media with 404', async () => {
    expect((await api('/media/clips/nothing.mp4')).status).toBe(404);
    for (const path of [
      '/media/../package.json',
      '/media/..%2f..%2fpackage.json',
      '/media/clips/../../../package.json',
    ]) {
      const answer = await rawRequest(path);
      expect(answer.status, path).not.toBe(200);
    }
  });

  it('never leaks a stack trace', async () => {
    const { body } = await api('/api/v2/trackers/share', { method: 'POST', body: '{{{' });
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe('OpenAPI', () => {
  it('documents every endpoint of spec §7 at /api/openapi.json and /api/docs', async () => {
    const { status, body } = await api<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/openapi.json',
    );
    expect(status).toBe(200);
    for (const path of [
      '/api/v4/global/watch',
      '/api/v2/routes/{slug}',
      '/api/v2/cities/{id}/feed',
      '/api/v2/users/{id}',
      '/api/v2/users/{id}/reviews/by-city',
      '/api/v2/locations/{id}',
      '/api/v2/locations/{id}/follows',
      '/api/v2/locations/{id}/tips',
      '/api/v2/locations/{id}/related',
      '/api/v3/locations/{id}/videos',
      '/api/v2/reviews/{id}',
      '/api/v2/collections/{id}',
      '/api/user/collections/{userId}',
      '/api/v3/classifications/cuisines',
      '/api/v3/classifications/practical-categories',
      '/api/v2/search/wonder-search',
      '/api/v2/trackers/share',
      '/api/v2/reviews/{id}/reads/{deviceId}',
    ]) {
      expect(body.paths, path).toHaveProperty([path]);
    }
    const docs = await fetch(baseUrl() + '/api/docs');
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(await docs.text()).toContain('/api/v2/search/wonder-search');
  });
});

describe('the web app placeholder', () => {
  it('renders every other path on the server', async () => {
    const page = await fetch(baseUrl() + '/city/il/chicago');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Chicago');
  });
});
