/**
 * BENCH_WORLD=all — the rows of issue 19, criterion 2 (docs/decisions/041-query-plans.md): every
 * public read of the API (`npm run bench:api`) or the place, city and review pages
 * (`npm run bench:web`), each rotating over ids sampled across the whole world of a PostgreSQL
 * database seeded at scale 100, with the read cache and the page cache off, so what is
 * measured is the database and not a cache. 10 connections; p99 against 100 ms per row. The API
 * rows end with the search again at 50 connections against issue 18's p99 of 20 ms.
 *
 *   DATABASE_URL=postgres://…/world100 BENCH_WORLD=all npm run bench:api
 *   DATABASE_URL=postgres://…/world100 BENCH_WORLD=all BENCH_WEB_LIGHTHOUSE=0 npm run bench:web
 *
 * BENCH_WORLD_SECONDS (default 8) per row, BENCH_WORLD_SAMPLE (default 2000) ids of each kind.
 * Each writes its own block of bench/RESULTS.md: `bench:api:world` or `bench:web:world`.
 *
 * Each row is followed by the same load on the same server's raw baseline
 * (`/api/_bench/baseline`, a precomputed answer of the row's mean size that asks no database):
 * the targets are in milliseconds, and this shared machine's speed has varied two- to threefold
 * between sessions (the baseline's own p99 at 50 connections was 9 ms one day and 18 ms another),
 * so each row carries the figure of the machine it ran on.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { cityPath, listingPath, locationInCityPath } from '../contract/urls';
import { startBuiltServer, stopBuiltServer } from './built-server';
import { runLoad, settle, type LoadResult } from './load';
import { marks, writeResultsSection } from './results';

const CONNECTIONS = 10;
const P99_TARGET_MS = 100;
const MIN_SCALE = 100;
const SECONDS = Number(process.env.BENCH_WORLD_SECONDS ?? 8);
const SAMPLE = Number(process.env.BENCH_WORLD_SAMPLE ?? 2000);
const SUPER_CATEGORIES = ['dining', 'nightlife', 'hotel', 'experiences', 'shopping'];
/** A browser asks for pages: the server renders the page, not a redirect or the app shell. */
const PAGE_HEADERS = {
  accept: 'text/html',
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

interface Row {
  name: string;
  paths: string[];
  /** Another load or target than issue 19's (10 connections, p99 ≤ 100 ms). */
  connections?: number;
  p99Ms?: number;
}

/** Ids and slugs drawn at random from every city, straight from the database. */
const Sample = z.object({
  places: z.array(z.object({ id: z.number(), slug: z.string(), citySlug: z.string() })),
  reviews: z.array(
    z.object({
      id: z.number(),
      locationSlug: z.string(),
      stateSlug: z.string(),
      citySlug: z.string(),
    }),
  ),
  users: z.array(z.object({ id: z.number(), username: z.string() })),
  cities: z.array(z.object({ id: z.number(), stateSlug: z.string(), citySlug: z.string() })),
  collections: z.array(z.number()),
  collectors: z.array(z.number()),
  placeNames: z.array(z.string()),
  scale: z.number(),
  counts: z.object({ places: z.number(), reviews: z.number(), cities: z.number() }),
});
type Sample = z.infer<typeof Sample>;

async function sampleWorld(databaseUrl: string): Promise<Sample> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = async (text: string, params: unknown[] = []) =>
      (await client.query(text, params)).rows as Record<string, unknown>[];
    // Each city weighs as it holds places: a random sample of the rows, not of the cities.
    const places = await rows(
      `select l.id, l.slug, c.slug as "citySlug"
         from locations l join cities c on c.id = l.city_id
        order by random() limit $1`,
      [SAMPLE],
    );
    const reviewRows = await rows(
      `select r.id, l.slug as "locationSlug", c.state_slug as "stateSlug", c.city_slug as "citySlug"
         from (select id, location_id from reviews order by random() limit $1) r
         join locations l on l.id = r.location_id join cities c on c.id = l.city_id`,
      [SAMPLE],
    );
    const users = await rows(
      `select id, username from users where review_count > 0 order by random() limit $1`,
      [SAMPLE],
    );
    const cityRows = await rows(
      `select id, state_slug as "stateSlug", city_slug as "citySlug" from cities order by id`,
    );
    const collections = await rows(`select id from collections order by id`);
    const collectors = await rows(
      `select id from (select distinct user_id as id from user_collections) u
        order by random() limit $1`,
      [SAMPLE],
    );
    const names = await rows(`select name from locations order by random() limit 200`);
    const [scale] = await rows(`select max(scale)::float8 as scale from seed_runs`);
    const [counts] = await rows(
      `select (select count(*) from locations)::int as places,
              (select count(*) from reviews)::int as reviews,
              (select count(*) from cities)::int as cities`,
    );
    return Sample.parse({
      places,
      reviews: reviewRows,
      users,
      cities: cityRows,
      collections: collections.map((r) => r.id),
      collectors: collectors.map((r) => r.id),
      placeNames: names.map((r) => r.name),
      scale: scale?.scale ?? 0,
      counts,
    });
  } finally {
    await client.end();
  }
}

/** Every public read of contract/endpoints.ts that a visitor without a session makes. */
function apiRows(s: Sample): Row[] {
  const placeIds = s.places.map((p) => p.id);
  const each = (ids: number[], path: (id: number) => string) => ids.map(path);
  const words = s.placeNames.map((name) => name.split(/\s+/).slice(0, 2).join(' '));
  const searches = words.map(
    (t) => `/api/v2/search/wonder-search?search_type=global&term=${encodeURIComponent(t)}&limit=5`,
  );
  return [
    { name: 'location', paths: each(placeIds, (id) => `/api/v2/locations/${id}`) },
    {
      name: 'location videos',
      paths: each(placeIds, (id) => `/api/v3/locations/${id}/videos?per_page=15`),
    },
    { name: 'location follows', paths: each(placeIds, (id) => `/api/v2/locations/${id}/follows`) },
    { name: 'location tips', paths: each(placeIds, (id) => `/api/v2/locations/${id}/tips`) },
    { name: 'related locations', paths: each(placeIds, (id) => `/api/v2/locations/${id}/related`) },
    {
      name: 'review',
      paths: s.reviews.map((r) => `/api/v2/reviews/${r.id}`),
    },
    {
      name: 'watch',
      paths: [10, 20, 30, 50].map((n) => `/api/v4/global/watch?limit=${n}&result_type=global`),
    },
    { name: 'trending locations', paths: ['/api/v2/locations/trending'] },
    { name: 'cities', paths: ['/api/v2/cities'] },
    {
      name: 'city feed',
      // Deep into every city's feed, not only its first screen.
      paths: s.cities.flatMap((c) =>
        Array.from({ length: 25 }, (_, i) => `/api/v2/cities/${c.id}/feed?limit=4&start=${i * 8}`),
      ),
    },
    {
      name: 'city top locations',
      paths: s.cities.flatMap((c) =>
        SUPER_CATEGORIES.map(
          (k) => `/api/v2/cities/${c.id}/top-locations?super_category=${k}&limit=24`,
        ),
      ),
    },
    {
      name: 'cuisines',
      paths: s.cities.map((c) => `/api/v3/classifications/cuisines?city_id=${c.id}`),
    },
    {
      name: 'practical categories',
      paths: s.cities.map((c) => `/api/v3/classifications/practical-categories?city_id=${c.id}`),
    },
    {
      name: 'route',
      paths: [
        ...s.users
          .slice(0, 500)
          .map((u) => `/api/v2/routes/${encodeURIComponent(u.username)}?target_type=user`),
        ...s.places
          .slice(0, 500)
          .map((p) => `/api/v2/routes/${encodeURIComponent(p.slug)}?target_type=location`),
        ...s.cities.map(
          (c) =>
            `/api/v2/routes/${encodeURIComponent(`${c.stateSlug}/${c.citySlug}`)}?target_type=city`,
        ),
      ],
    },
    { name: 'collection', paths: s.collections.map((id) => `/api/v2/collections/${id}`) },
    { name: 'user collections', paths: s.collectors.map((id) => `/api/user/collections/${id}`) },
    { name: 'user', paths: s.users.map((u) => `/api/v2/users/${u.id}`) },
    {
      name: 'user reviews by city',
      paths: s.users.map((u) => `/api/v2/users/${u.id}/reviews/by-city`),
    },
    { name: 'search', paths: searches },
    // Issue 18, criterion 4: the same searches at 50 connections, p99 ≤ 20 ms.
    { name: 'search at 50 connections', paths: searches, connections: 50, p99Ms: 20 },
  ];
}

function pageRows(s: Sample): Row[] {
  return [
    { name: 'place page', paths: s.places.map((p) => locationInCityPath(p.citySlug, p.slug)) },
    { name: 'city page', paths: s.cities.map((c) => cityPath(c.stateSlug, c.citySlug)) },
    {
      name: 'review page',
      paths: s.reviews.map((r) => listingPath(r.id, r.stateSlug, r.citySlug, r.locationSlug)),
    },
  ];
}

/** BENCH_WORLD: unset (the usual rows) or `all`. */
export function worldMode(): 'all' | undefined {
  return z
    .enum(['all'], { error: 'BENCH_WORLD must be all (or unset)' })
    .optional()
    .parse(process.env.BENCH_WORLD || undefined);
}

const load = () => loadavg().map((n) => n.toFixed(2));

/** The mean body size in bytes of up to 50 of `paths` (spread over the list): the baseline's size. */
async function meanBodyBytes(
  base: string,
  paths: string[],
  headers: Record<string, string> | undefined,
): Promise<number> {
  const step = Math.max(1, Math.floor(paths.length / 50));
  const sample = paths.filter((_, i) => i % step === 0).slice(0, 50);
  let total = 0;
  for (const path of sample)
    total += (await (await fetch(base + path, headers ? { headers } : {})).arrayBuffer())
      .byteLength;
  return Math.max(2, Math.round(total / sample.length));
}

/** Measures the rows of `kind` on the built server over DATABASE_URL; writes its block. */
export async function benchWorld(kind: 'api' | 'web', port: number): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres'))
    throw new Error('BENCH_WORLD=all measures a PostgreSQL world: set DATABASE_URL');
  const sample = await sampleWorld(databaseUrl);
  if (sample.scale < MIN_SCALE)
    throw new Error(`DATABASE_URL holds a world of scale ${sample.scale}; seed ${MIN_SCALE} first`);
  const base = `http://127.0.0.1:${port}`;
  const server = await startBuiltServer({
    port,
    dataDir: join('data', 'bench-world'),
    env: {
      DATABASE_URL: databaseUrl,
      SEED: 'never',
      API_CACHE_TTL_MS: '0',
      PAGE_CACHE_TTL_MS: '0',
      BENCH_BASELINE: 'true',
    },
  });
  const loadBefore = load();
  const results: { row: Row; result: LoadResult; baseline: LoadResult; bytes: number }[] = [];
  try {
    // Searches answer from SQL until the in-process index is built (ADR 035): the product's
    // steady state is the index.
    for (let waited = 0; ; waited += 500) {
      const ready = (await (await fetch(`${base}/readyz`)).json()) as { search?: string };
      if (ready.search === 'index') break;
      if (waited > 600_000) throw new Error('the search index was not ready in 10 min');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const rows = kind === 'api' ? apiRows(sample) : pageRows(sample);
    const headers = kind === 'web' ? PAGE_HEADERS : undefined;
    // One short run first (JIT, connections, the database's buffers): then the measured one.
    const measure = async (paths: string[], connections: number) => {
      const options = { base, paths, connections, ...(headers ? { headers } : {}) };
      await runLoad({ ...options, seconds: 2 });
      await settle(base);
      const result = await runLoad({ ...options, seconds: SECONDS });
      await settle(base);
      return result;
    };
    for (const row of rows) {
      const connections = row.connections ?? CONNECTIONS;
      const result = await measure(row.paths, connections);
      const bytes = await meanBodyBytes(base, row.paths, headers);
      const baseline = await measure([`/api/_bench/baseline?bytes=${bytes}`], connections);
      console.log(
        `[world] ${row.name} (${row.paths.length} paths): ${result.requests.toFixed(0)} req/s p99 ${result.p99} ms, ${result.non2xx + result.errors} errors; baseline ${baseline.requests.toFixed(0)} req/s p99 ${baseline.p99} ms (load ${load().join(' ')})`,
      );
      results.push({ row, result, baseline, bytes });
    }
  } finally {
    await stopBuiltServer(server);
  }
  const name = `${kind}:world`;
  const { start, end } = marks(name);
  const lines = [
    start,
    `## \`BENCH_WORLD=all npm run bench:${kind}\`: the whole world at scale ${sample.scale}, caches off`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16)}Z on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; PostgreSQL (DATABASE_URL) holding ${sample.counts.places} places and ${sample.counts.reviews} videos in ${sample.counts.cities} cities. Read cache and page cache off (API_CACHE_TTL_MS=0, PAGE_CACHE_TTL_MS=0); ${CONNECTIONS} connections (unless the row says otherwise), ${SECONDS} s a row after a 2 s warm-up; each row rotates over its paths, ids drawn at random across the world (up to ${SAMPLE} of each kind). Load average before ${loadBefore.join(' ')}, after ${load().join(' ')} (the machine is shared: the figures are noisy).`,
    '',
    "Each row is followed by its baseline: the same load on `/api/_bench/baseline` of the same server, a precomputed answer of the row's mean size that asks no database (what this machine does at best).",
    '',
    '| row | paths | body | req/s | p50 | p99 | baseline req/s | baseline p99 | errors | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(({ row, result, baseline, bytes }) => {
      const target = row.p99Ms ?? P99_TARGET_MS;
      return `| ${row.name} | ${row.paths.length} | ${bytes} B | ${result.requests.toFixed(0)} | ${result.p50} ms | ${result.p99} ms | ${baseline.requests.toFixed(0)} | ${baseline.p99} ms | ${result.non2xx + result.errors} | ${result.p99 <= target ? 'met' : '**missed**'} p99 ≤ ${target} ms |`;
    }),
    end,
  ];
  await writeResultsSection(name, lines.join('\n'));
  console.log(`wrote the ${name} block of bench/RESULTS.md`);
}
