import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { baseUrl, fresh, rawRequest } from './client';

/**
 * Every absolute URL the site writes starts with SITE_URL (tests/api/global-setup.ts sets it to
 * the test server's own address), whatever Host and X-Forwarded-* a request comes with
 * (docs/decisions/022-production-conveniences.md): pages and what the robots and the bundled
 * identity provider read are the same for every caller, and caches keep them for everyone.
 */
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'gopher',
};
const FORGED_TEXT = /evil\.example|attacker\.example|gopher:/;

/** The path of the first URL of a sitemap, asked for the ordinary way. */
async function firstPathOf(sitemap: string): Promise<string> {
  const { text } = await rawRequest(sitemap);
  const loc = /<loc>([^<]+)<\/loc>/.exec(text)?.[1];
  expect(loc, text).toBeDefined();
  return new URL(loc!).pathname;
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe('a forged Host or X-Forwarded-Host', () => {
  it.each([
    ['the landing page', async () => '/'],
    ['a city page', async () => '/city/il/chicago'],
    ['a place page', () => firstPathOf('/sitemaps/places-1.xml')],
    ['a video page', () => firstPathOf('/sitemaps/videos-1.xml')],
  ])('does not land in %s: canonical, og:url and JSON-LD are on SITE_URL', async (_, pathOf) => {
    const path = await pathOf();
    // Query noise: the page is rendered for this request, not taken from the page cache.
    const page = await rawRequest(fresh(path), FORGED);
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(FORGED_TEXT);
    const canonical = attribute(page.text, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical?.startsWith(`${baseUrl()}/`), canonical).toBe(true);
    expect(attribute(page.text, /<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
    const jsonLd = [...page.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    if (path !== '/') expect(jsonLd.map((m) => m[1]).join('')).toContain(`"${baseUrl()}/`);
  });

  it('does not land in robots.txt or the sitemaps', async () => {
    const robots = await rawRequest('/robots.txt', FORGED);
    expect(robots.text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    for (const path of ['/sitemap.xml', '/sitemaps/cities.xml', '/sitemaps/places-1.xml']) {
      const answer = await rawRequest(path, FORGED);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).toContain(`<loc>${baseUrl()}/`);
      expect(answer.text, path).not.toMatch(FORGED_TEXT);
    }
  });

  it("does not land in the bundled identity provider's discovery document", async () => {
    const answer = await rawRequest('/idp/google/.well-known/openid-configuration', FORGED);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(FORGED_TEXT);
    const discovery = JSON.parse(answer.text) as Record<string, unknown>;
    const issuer = `${baseUrl()}/idp/google`;
    expect(discovery.issuer).toBe(issuer);
    const urls = Object.entries(discovery).filter(
      ([key]) => key.endsWith('_endpoint') || key.endsWith('_uri'),
    );
    expect(urls.length).toBeGreaterThan(3);
    for (const [key, url] of urls) expect(url, key).toMatch(new RegExp(`^${issuer}/`));
  });

  it('does not land in the sign-in redirect', async () => {
    const start = await rawRequest('/auth/google/start', FORGED);
    expect(start.status).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin + location.pathname).toBe(`${baseUrl()}/idp/google/auth`);
    expect(location.searchParams.get('redirect_uri')).toBe(`${baseUrl()}/auth/google/callback`);
  });
});

/** A second server without SITE_URL, believing proxies: development's default, not the Host. */
describe('without SITE_URL (development)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-site-url-'));
    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '4321',
      TRUST_PROXY_HOPS: '1',
    });
    database = await openDatabase({});
    await database.migrate();
    app = await buildApp({ config, database, version: 'test' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers: FORGED });
    return { status: answer.statusCode, text: answer.body };
  };

  it('builds on http://localhost:PORT, whatever the request says', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(FORGED_TEXT);
    expect(attribute(page.text, /<link rel="canonical" href="([^"]+)"/)).toBe(
      'http://localhost:4321/',
    );
    expect((await get('/robots.txt')).text).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    const discovery = await get('/idp/apple/.well-known/openid-configuration');
    expect(discovery.text).not.toMatch(FORGED_TEXT);
    expect(JSON.parse(discovery.text)).toMatchObject({
      issuer: 'http://localhost:4321/idp/apple',
      token_endpoint: 'http://localhost:4321/idp/apple/token',
    });
  });
});
