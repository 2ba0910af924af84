import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../app/paths';
import type { LocationSummary } from '../../contract/locations';
import type { Review } from '../../contract/reviews';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { cities, locations, reviews, users } from '../../db/schema';
import { generateWorld } from '../../db/seed/world';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { api, baseUrl } from './client';

/** The world global-setup seeds (scale 1, the default seed). */
const world = generateWorld({ scale: 1 });
const CHUNK = 10_000;

async function xml(url: string) {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const locs = (text: string) =>
  [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&apos;', "'"));

/**
 * Well-formed XML without a parser: every tag closes in order, and text holds no raw `<`
 * and no `&` outside the five XML entities.
 */
function expectWellFormed(text: string, root: 'urlset' | 'sitemapindex') {
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z]+)(?:\s[^<>]*)?>/g;
  let last = 0;
  for (const match of body.matchAll(tag)) {
    const between = body.slice(last, match.index);
    expect(between).not.toMatch(/[<>]/);
    expect(between).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    last = match.index + match[0].length;
    const [, closing, name] = match;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(body.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
  expect(body).toMatch(
    new RegExp(`^<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`),
  );
  const open = (text.match(/<url>/g) ?? []).length;
  expect((text.match(/<\/url>/g) ?? []).length).toBe(open);
  expect(locs(text).length).toBe(
    root === 'urlset' ? open : (text.match(/<sitemap>/g) ?? []).length,
  );
}

describe('GET /robots.txt', () => {
  it('lets crawlers in everywhere but the API and the business dashboard', async () => {
    const { status, headers, text } = await xml(`${baseUrl()}/robots.txt`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of [
      'Disallow: /api/',
      'Disallow: /biz/dashboard',
      'Disallow: /biz/sign-in',
      'Allow: /',
      `Sitemap: ${baseUrl()}/sitemap.xml`,
    ]) {
      expect(lines).toContain(line);
    }
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(3);
  });
});

describe('GET /sitemap.xml', () => {
  it('is an index of the city, place, video and topic chunks', async () => {
    const { status, headers, text } = await xml(`${baseUrl()}/sitemap.xml`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
    expectWellFormed(text, 'sitemapindex');
    const chunks = (kind: string, rows: number) =>
      Array.from(
        { length: Math.ceil(rows / CHUNK) },
        (_, i) => `${baseUrl()}/sitemaps/${kind}-${i + 1}.xml`,
      );
    expect(locs(text)).toEqual([
      `${baseUrl()}/sitemaps/cities.xml`,
      ...chunks('places', world.locations.length),
      ...chunks('videos', world.reviews.length),
      // scale 1 has a few hundred topic pages: one chunk
      `${baseUrl()}/sitemaps/topics-1.xml`,
    ]);
  });
});

describe('GET /sitemaps/{name}.xml', () => {
  it('lists every city page', async () => {
    const { status, headers, text } = await xml(`${baseUrl()}/sitemaps/cities.xml`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
    expectWellFormed(text, 'urlset');
    expect(world.cities).toHaveLength(14);
    expect(locs(text).sort()).toEqual(
      world.cities.map((c) => `${baseUrl()}${paths.city(c.stateSlug, c.citySlug)}`).sort(),
    );
    expect(locs(text)).toContain(`${baseUrl()}/city/il/chicago`);
  });

  it('lists every place page once, across ceil(places / 10000) chunks', async () => {
    const chunks = Math.ceil(world.locations.length / CHUNK);
    const all: string[] = [];
    for (let n = 1; n <= chunks; n++) {
      const { status, text } = await xml(`${baseUrl()}/sitemaps/places-${n}.xml`);
      expect(status).toBe(200);
      expectWellFormed(text, 'urlset');
      expect(text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/);
      all.push(...locs(text));
    }
    expect(all).toHaveLength(world.locations.length);
    expect(new Set(all).size).toBe(all.length);
    expect((await api(`/sitemaps/places-${chunks + 1}.xml`)).status).toBe(404);
  });

  it('has the trending places at the URL the web app links them by', async () => {
    const { body } = await api<{ data: LocationSummary[] }>('/api/v2/locations/trending');
    const place = body.data[0]!;
    const { text } = await xml(`${baseUrl()}/sitemaps/places-1.xml`);
    const url = `${baseUrl()}${paths.locationInCity(place.city_slug, place.clm_slug)}`;
    expect(url).toMatch(/\/location\/[a-z-]+\/[a-z0-9-]+-\d+$/);
    expect(text).toMatch(
      new RegExp(`<url><loc>${url}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`),
    );
  });

  it('has the featured video at its canonical /reviews/{id} URL with its upload date', async () => {
    const { body: review } = await api<Review>('/api/v2/reviews/148734');
    const url = baseUrl() + paths.review(review.clm_id);
    const chunks = Math.ceil(world.reviews.length / CHUNK);
    let found = '';
    for (let n = 1; n <= chunks && !found; n++) {
      const { text } = await xml(`${baseUrl()}/sitemaps/videos-${n}.xml`);
      expectWellFormed(text, 'urlset');
      if (text.includes(`<loc>${url}</loc>`)) found = text;
    }
    expect(found, url).not.toBe('');
    expect(found).toContain(
      `<url><loc>${url}</loc><lastmod>${review.created_at.slice(0, 10)}</lastmod></url>`,
    );
    expect(locs(found).every((u) => /\/reviews\/\d+$/.test(u.slice(baseUrl().length)))).toBe(true);
  });

  it('lists topic pages, in a city and in a neighbourhood, and only those', async () => {
    const { status, text } = await xml(`${baseUrl()}/sitemaps/topics-1.xml`);
    expect(status).toBe(200);
    expectWellFormed(text, 'urlset');
    const paths = locs(text).map((u) => u.slice(baseUrl().length));
    // a kind in a city (/city/il/chicago/tacos) and in a neighbourhood (/city/il/chicago/hyde-park/dining)
    expect(paths.some((p) => p.split('/').length === 5)).toBe(true);
    expect(paths.some((p) => p.split('/').length === 6)).toBe(true);
    expect(paths.every((p) => /^\/city\/[a-z]+\/[a-z-]+(\/[a-z0-9-]+){1,2}$/.test(p))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
    expect((await api('/sitemaps/topics-2.xml')).status).toBe(404);
  });

  it.each([
    'nothing.xml',
    'places-0.xml',
    'places-99.xml',
    'videos-1000000.xml',
    'places-1.txt',
    'places-01.xml',
    'cities',
  ])('answers %s with a JSON 404', async (name) => {
    const { status, body } = await api(`/sitemaps/${name}`);
    expect(status).toBe(404);
    expect(body).toEqual({
      error: 'not_found',
      message: `There is no sitemap /sitemaps/${name}`,
    });
  });
});

/** A second server on its own small database: chunk boundaries, id gaps and escaping. */
describe('sitemap chunks past 10,000 rows', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  const PLACES = CHUNK + 3;
  // Ids with gaps, so chunks follow positions in id order, not id ranges.
  const placeId = (i: number) => 2 * i + 5;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-seo-'));
    const config = parseConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SITE_URL: 'https://spotreel.example/',
    });
    database = await openDatabase({});
    await database.migrate();
    const { db } = database;
    await db.insert(cities).values({
      id: 1,
      serviceId: 'st-louis-mo',
      name: 'St. Louis',
      state: 'MO',
      stateName: 'Missouri',
      lat: 38.6,
      lon: -90.2,
      timeZone: 'America/Chicago',
      slug: 'st-louis-mo',
      stateSlug: 'mo',
      citySlug: 'st-louis',
    });
    await db.insert(users).values({
      id: 1,
      username: 'maya.eats',
      displayName: 'Maya',
      vanityUrl: 'maya.eats',
      avatarUrl: 'avatars/maya.svg',
    });
    for (let start = 0; start < PLACES; start += 2_000) {
      const batch = Array.from({ length: Math.min(2_000, PLACES - start) }, (_, k) => start + k);
      await db.insert(locations).values(
        batch.map((i) => ({
          id: placeId(i),
          name: `Place ${i}`,
          label: 'Cafe',
          // An apostrophe survives encodeURIComponent, so the XML has to escape it.
          slug: i === 0 ? `o'hare-coffee-${placeId(i)}` : `place-${placeId(i)}`,
          address: '1 Main St',
          neighborhood: 'Downtown',
          cityId: 1,
          zip: '63101',
          lat: 38.6,
          lon: -90.2,
          phone: '',
          prompt: '',
          description: '',
          hours: [],
          superCategories: ['dining'],
          classificationIds: [],
          updatedAt: new Date('2026-03-04T05:06:07Z'),
        })),
      );
      await db.insert(reviews).values(
        batch.map((i) => ({
          id: 3 * i + 1,
          locationId: placeId(i),
          cityId: 1,
          authorId: 1,
          caption: '',
          clip: 'pizzeria',
          durationMs: 6_000,
          width: 720,
          height: 1280,
          createdAt: new Date('2025-12-31T23:59:59Z'),
        })),
      );
    }
    app = await buildApp({ config, database, version: 'test' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url });
    return { status: answer.statusCode, text: answer.body };
  };

  it('splits places and videos into runs of 10,000 in id order', async () => {
    const index = await get('/sitemap.xml');
    expectWellFormed(index.text, 'sitemapindex');
    expect(locs(index.text)).toEqual([
      'https://spotreel.example/sitemaps/cities.xml',
      'https://spotreel.example/sitemaps/places-1.xml',
      'https://spotreel.example/sitemaps/places-2.xml',
      'https://spotreel.example/sitemaps/videos-1.xml',
      'https://spotreel.example/sitemaps/videos-2.xml',
    ]);

    const first = await get('/sitemaps/places-1.xml');
    const second = await get('/sitemaps/places-2.xml');
    expectWellFormed(first.text, 'urlset');
    expectWellFormed(second.text, 'urlset');
    expect(locs(first.text)).toHaveLength(CHUNK);
    expect(locs(second.text)).toEqual(
      [CHUNK, CHUNK + 1, CHUNK + 2].map(
        (i) => `https://spotreel.example/location/st-louis-mo/place-${placeId(i)}`,
      ),
    );
    expect(new Set([...locs(first.text), ...locs(second.text)]).size).toBe(PLACES);
    expect(first.text).toContain('<lastmod>2026-03-04</lastmod>');
    expect((await get('/sitemaps/places-3.xml')).status).toBe(404);

    const videos = await get('/sitemaps/videos-2.xml');
    expectWellFormed(videos.text, 'urlset');
    expect(locs(videos.text)).toEqual(
      [CHUNK, CHUNK + 1, CHUNK + 2].map((i) => `https://spotreel.example/reviews/${3 * i + 1}`),
    );
    expect(videos.text).toContain('<lastmod>2025-12-31</lastmod>');
    expect((await get('/sitemaps/videos-3.xml')).status).toBe(404);
  });

  it('escapes URLs for XML and uses SITE_URL as the origin', async () => {
    const { text } = await get('/sitemaps/places-1.xml');
    expect(text).toContain(
      `<loc>https://spotreel.example/location/st-louis-mo/o&apos;hare-coffee-${placeId(0)}</loc>`,
    );
    expect(text).not.toContain("o'hare");
    const cities = await get('/sitemaps/cities.xml');
    expect(locs(cities.text)).toEqual(['https://spotreel.example/city/mo/st-louis']);
    expect((await get('/robots.txt')).text).toContain(
      'Sitemap: https://spotreel.example/sitemap.xml',
    );
  });
});
