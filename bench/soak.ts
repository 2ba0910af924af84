/**
 * npm run bench:soak — does the server hold up, and hold its memory, for a long while? First
 * the capacity of a mixed load (pages, API reads and writes) is measured with the load
 * generator unthrottled; then the same mix runs at 70% of it for BENCH_SOAK_MINUTES (default 20)
 * while the server's resident memory is sampled every 10 s. Targets (issue 16): 0 errors, and
 * resident memory growing less than 10% after the first 2 minutes: the mean of the third
 * minute's samples against the mean of the last minute's (one sample would measure where the
 * garbage collector happened to be, which swings RSS by 20% under this load). Then the load
 * stops for 2 minutes: resident memory must come back to at most 10% above its warm level
 * (issue 36; below it is better still: an idle process holds less than a busy one).
 * Last, a flood: BENCH_SOAK_FLOOD_SECONDS (default 60) of URLs never asked before (new search
 * terms, new pages of lists) from thousands of clients, unthrottled, and 2 more idle minutes:
 * what it fills is bounded (ADR 063) and what is not kept must come back. Block
 * `<!-- bench:soak -->` of bench/RESULTS.md.
 *
 * BENCH_SOAK_CAPACITY_SECONDS (default 20), BENCH_SOAK_PORT (default 3903); run `npm run build`
 * first. Embedded database, production mode, scale 1, behind one trusted proxy
 * (TRUST_PROXY_HOPS=1) so the flood's clients are told apart by X-Forwarded-For.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DISTINCT_ID_COOKIE } from '../contract/analytics';
import { CONSENT_COOKIE } from '../contract/analytics-events';
import { startBuiltServer, stopBuiltServer } from './built-server';
import { marks, writeResultsSection } from './results';
import { placePaths } from './web-ssr';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 20);
const CAPACITY_SECONDS = Number(process.env.BENCH_SOAK_CAPACITY_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_SOAK_PORT ?? 3903);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 10;
const SHARE = 0.7;
const WARM_MINUTES = 2;
const IDLE_MINUTES = 2;
const FLOOD_SECONDS = Number(process.env.BENCH_SOAK_FLOOD_SECONDS ?? 60);
const FLOOD_CONNECTIONS = 20;
const RSS_GROWTH_LIMIT = 0.1;

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  /** Told apart by the proxy's X-Forwarded-For: the flood's many clients. */
  client?: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

async function getJson<T>(path: string): Promise<T> {
  const answer = await fetch(BASE + path);
  if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

/**
 * The mix, one cycle of 20 calls: 10 pages (places in turn, the landing and a city page),
 * 7 API reads (a place, its videos, a city's feed, a search) and 3 writes (a view, a share, a
 * batch of analytics events), as a browsing crowd sends them.
 */
async function mix(): Promise<() => Call> {
  const places = await placePaths(BASE);
  const cities = (
    await getJson<{ data: { clm_id: number; state_slug: string; city_slug: string }[] }>(
      '/api/v2/cities',
    )
  ).data.map((c) => ({ id: c.clm_id, path: `/city/${c.state_slug}/${c.city_slug}` }));
  const trending = await getJson<{ data: { clm_id: number }[] }>('/api/v2/locations/trending');
  const placeIds = trending.data.map((p) => p.clm_id);
  const reviewIds: number[] = [];
  for (const id of placeIds.slice(0, 10)) {
    const videos = await getJson<{ data: { clm_id: number }[] }>(
      `/api/v3/locations/${id}/videos?per_page=15`,
    );
    for (const video of videos.data) reviewIds.push(video.clm_id);
  }
  if (!reviewIds.length || !placeIds.length || !cities.length)
    throw new Error('the seeded world has no places, videos or cities to soak');
  const terms = ['pizza', 'sushi', 'rooftop', 'brunch', 'coffee', 'jazz', 'tacos', 'wine'];
  const json = { 'content-type': 'application/json' };
  let n = 0;
  const pick = <T>(list: T[]) => list[n % list.length] as T;
  const cycle: ((i: number) => Call)[] = [
    ...Array.from({ length: 8 }, () => () => ({ method: 'GET' as const, path: pick(places) })),
    () => ({ method: 'GET', path: '/' }),
    () => ({ method: 'GET', path: pick(cities).path }),
    () => ({ method: 'GET', path: `/api/v2/locations/${pick(placeIds)}` }),
    () => ({ method: 'GET', path: `/api/v3/locations/${pick(placeIds)}/videos?per_page=15` }),
    () => ({ method: 'GET', path: `/api/v2/cities/${pick(cities).id}/feed?limit=4` }),
    () => ({
      method: 'GET',
      path: `/api/v2/search/wonder-search?search_type=global&limit=5&term=${pick(terms)}`,
    }),
    () => ({ method: 'GET', path: '/api/v2/locations/trending' }),
    () => ({ method: 'GET', path: '/api/v3/classifications/cuisines' }),
    () => ({ method: 'GET', path: `/api/v2/reviews/${pick(reviewIds)}` }),
    () => ({
      method: 'PUT',
      // A few hundred devices watching: views are upserts per device and video.
      path: `/api/v2/reviews/${pick(reviewIds)}/reads/soak-device-${n % 300}`,
      body: JSON.stringify({ watchedDuration: 7.5 }),
      headers: json,
    }),
    () => ({
      method: 'POST',
      path: '/api/v2/trackers/share',
      body: JSON.stringify({
        resourceId: pick(cities).id,
        resourceType: 'city',
        referrerCode: 'soak',
      }),
      headers: json,
    }),
    (i) => ({
      method: 'POST',
      path: '/api/events',
      body: JSON.stringify({
        events: [
          {
            name: 'page-view',
            path: '/',
            title: 'Spotreel',
            referrer: '',
            occurredAt: new Date().toISOString(),
          },
        ],
      }),
      // The analytics beacon of a visitor who said yes to measurement: the distinct id and
      // consent cookies (bare names on a local host) and the browser's proof of same origin.
      headers: {
        ...json,
        cookie: `${DISTINCT_ID_COOKIE}=soak-visitor-${i % 500}; ${CONSENT_COOKIE}=granted`,
        'sec-fetch-site': 'same-origin',
      },
    }),
  ];
  return () => {
    n += 1;
    return (cycle[n % cycle.length] as (i: number) => Call)(n);
  };
}

interface Run {
  requests: number;
  total: number;
  non2xx: number;
  errors: number;
  p99: number;
  statuses: Record<string, number>;
}

/**
 * The flood: URLs no cache has seen (a new search term each time, lists at new offsets, pages
 * with a new query string), each from one of thousands of clients, as a crawler or an attacker
 * sends.
 */
async function floodCalls(): Promise<() => Call> {
  const places = await placePaths(BASE);
  const words = ['pizza', 'sushi', 'rooftop', 'brunch', 'coffee', 'jazz', 'tacos', 'wine', 'bar'];
  let n = 0;
  return () => {
    n += 1;
    const client = `10.${(n >> 16) % 250}.${(n >> 8) % 20}.${n % 250}`;
    const word = words[n % words.length];
    switch (n % 3) {
      case 0:
        return {
          method: 'GET',
          client,
          path: `/api/v2/search/wonder-search?search_type=global&limit=20&term=${word}%20${n}`,
        };
      case 1:
        return { method: 'GET', client, path: `/api/v2/locations/trending?page=${n}` };
      default:
        return { method: 'GET', client, path: `${places[n % places.length]}?ref=flood-${n}` };
    }
  };
}

/** Resident memory every 10 s for `minutes` with no load; the last sample is where it ended. */
async function idle(server: ChildProcess, minutes: number): Promise<number[]> {
  const samples: number[] = [];
  for (let s = 10; s <= minutes * 60; s += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    samples.push(await rssMb(server));
  }
  return samples;
}

function run(
  next: () => Call,
  seconds: number,
  overallRate?: number,
  connections = CONNECTIONS,
): Promise<Run> {
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: BASE,
        connections,
        duration: seconds,
        ...(overallRate ? { overallRate } : {}),
        headers: { accept: 'text/html,application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const call = next();
              return {
                ...request,
                method: call.method,
                path: call.path,
                body: call.body,
                headers: {
                  ...request.headers,
                  ...call.headers,
                  ...(call.client ? { 'x-forwarded-for': call.client } : {}),
                },
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        // 3xx are answers too (none expected); everything else counts as an error.
        const bad = Object.entries(statuses)
          .filter(([status]) => !/^[23]/.test(status))
          .reduce((sum, [, count]) => sum + count, 0);
        resolve({
          requests: result.requests.average,
          total: result.requests.total,
          non2xx: bad,
          errors: result.errors + result.timeouts,
          p99: result.latency.p99,
          statuses,
        });
      },
    );
    instance.on('response', (_client, status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

/** The server's resident memory, MB (Linux). */
async function rssMb(child: ChildProcess): Promise<number> {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

async function main() {
  if (!existsSync('build/host/main.js'))
    throw new Error('Run `npm run build` first (npm start does it too).');
  const dataDir = join('data', 'bench-soak');
  await mkdir(dataDir, { recursive: true });
  const server = await startBuiltServer({ port: PORT, dataDir, env: { TRUST_PROXY_HOPS: '1' } });
  try {
    const next = await mix();
    process.stdout.write(`capacity (${CAPACITY_SECONDS} s unthrottled) … `);
    const capacity = await run(next, CAPACITY_SECONDS);
    const rate = Math.max(1, Math.floor(capacity.requests * SHARE));
    console.log(
      `${capacity.requests.toFixed(0)} req/s; soaking at ${rate} req/s for ${MINUTES} min`,
    );

    const samples: { minute: number; rss: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      void rssMb(server).then((rss) => {
        const minute = (Date.now() - started) / 60_000;
        samples.push({ minute, rss });
        if (samples.length % 6 === 0) console.log(`  ${minute.toFixed(1)} min: RSS ${rss} MB`);
      });
    }, 10_000);
    samples.push({ minute: 0, rss: await rssMb(server) });
    const soak = await run(next, MINUTES * 60, rate);
    clearInterval(sampler);
    const end = await rssMb(server);
    samples.push({ minute: MINUTES, rss: end });

    const meanOf = (from: number, to: number) => {
      const within = samples.filter((s) => s.minute >= from && s.minute <= to);
      return Math.round(within.reduce((sum, s) => sum + s.rss, 0) / Math.max(1, within.length));
    };
    const warm = { rss: meanOf(WARM_MINUTES, WARM_MINUTES + 1) };
    const last = meanOf(MINUTES - 1, MINUTES);
    const peak = Math.max(...samples.map((s) => s.rss));
    const growth = (last - warm.rss) / warm.rss;
    const errors = soak.errors + soak.non2xx;
    console.log(
      `soak: ${soak.total} requests, ${errors} errors, p99 ${soak.p99} ms; RSS ${samples[0]!.rss} → ${warm.rss} (mean of minute 3) → ${last} MB (mean of the last minute; ${(growth * 100).toFixed(1)}%)`,
    );
    const rested = await idle(server, IDLE_MINUTES);
    const restedEnd = rested.at(-1)!;
    const back = (restedEnd - warm.rss) / warm.rss;
    console.log(
      `after ${IDLE_MINUTES} idle minutes: ${rested.join(' ')} MB (${(back * 100).toFixed(1)}% from warm)`,
    );

    const beforeFlood = restedEnd;
    const flood = await run(await floodCalls(), FLOOD_SECONDS, undefined, FLOOD_CONNECTIONS);
    const floodEnd = await rssMb(server);
    const afterFlood = await idle(server, IDLE_MINUTES);
    const floodBack = (afterFlood.at(-1)! - beforeFlood) / beforeFlood;
    console.log(
      `flood: ${flood.total} requests (${flood.non2xx + flood.errors} not 2xx); RSS ${beforeFlood} → ${floodEnd} → ${afterFlood.join(' ')} MB`,
    );

    const version = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const { start, end: close } = marks('soak');
    const byMinute = samples
      .filter((s, i) => i === 0 || Math.floor(s.minute) !== Math.floor(samples[i - 1]!.minute))
      .map((s) => `${s.minute.toFixed(0)}′ ${s.rss}`)
      .join(' · ');
    const text = `${start}
## Soak (\`npm run bench:soak\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, Spotreel ${version.version}; built server in production mode, embedded database, seeded world at scale 1.
The mix, in turn: 8 place pages (every seeded place in turn), the landing and a city page; 7 API reads (a place, its videos,
a city's feed, a search, trending places, cuisines, a video); 3 writes (a view, a share, an analytics batch). ${CONNECTIONS} connections.
Capacity: the mix unthrottled for ${CAPACITY_SECONDS} s. Soak: ${MINUTES} minutes at ${SHARE * 100}% of it, then ${IDLE_MINUTES} minutes idle.

| capacity | soak rate | requests | errors | p99 | RSS start → minute 3 → last minute (peak) | growth after 2 min | after ${IDLE_MINUTES} idle min | target |
|---:|---:|---:|---:|---:|---|---:|---:|---|
| ${capacity.requests.toFixed(0)} req/s | ${rate} req/s | ${soak.total} | ${errors} | ${soak.p99} ms | ${samples[0]!.rss} → ${warm.rss} → ${last} MB (${peak}) | ${(growth * 100).toFixed(1)}% | ${restedEnd} MB (${(back * 100).toFixed(1)}%) | ${errors === 0 ? 'met' : '**missed**'} 0 errors; ${growth < RSS_GROWTH_LIMIT ? 'met' : '**missed**'} growth < ${RSS_GROWTH_LIMIT * 100}%; ${back <= RSS_GROWTH_LIMIT ? 'met' : '**missed**'} idle at most ${RSS_GROWTH_LIMIT * 100}% above warm |

Flood: ${FLOOD_SECONDS} s unthrottled over ${FLOOD_CONNECTIONS} connections of URLs never asked before (a new search term each time, trending at a new page, a place page with a new query string), from thousands of clients: ${flood.total} requests (${flood.requests.toFixed(0)} req/s), ${flood.non2xx + flood.errors} not 2xx. RSS ${beforeFlood} MB before → ${floodEnd} MB at its end → ${afterFlood.at(-1)} MB after ${IDLE_MINUTES} idle minutes (${(floodBack * 100).toFixed(1)}% from before: ${floodBack <= RSS_GROWTH_LIMIT ? 'met' : '**missed**'} at most ${RSS_GROWTH_LIMIT * 100}% above; every 10 s: ${afterFlood.join(' · ')}).

Answers by status: ${Object.entries(soak.statuses)
      .map(([status, count]) => `${status} × ${count}`)
      .join(', ')}.
Resident memory by minute (MB): ${byMinute}; idle, every 10 s: ${rested.join(' · ')}.
${close}`;
    await writeResultsSection('soak', text);
    console.log('\nwrote bench/RESULTS.md');
  } finally {
    await stopBuiltServer(server);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
