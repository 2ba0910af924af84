/**
 * Whether naming every statement by its text (ADR 043, db/pg-client.ts NamingClient) still pays:
 * two servers in one process on the same PostgreSQL world, one naming each read (NamingClient)
 * and one sending unnamed what Drizzle does not name itself (PooledClient; the queries built
 * once, ADR 044, are named by Drizzle's `.prepare(name)` in both). Caches off, so every request
 * reads the database. Each row runs on both, in turns (A B B A), and prints req/s, p99 and the
 * CPU time PostgreSQL's backends of each side spent per request (read from /proc: PostgreSQL runs
 * on this machine). On a shared machine the rates move with the neighbours; the CPU a request
 * is what naming changes, and moves less.
 *
 *   DATABASE_URL=postgres://…/world100 npx tsx bench/pg-statements.ts
 *
 * BENCH_REQUESTS (default 800) requests a row and turn, 10 at a time (BENCH_CONNECTIONS).
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { buildApp } from '../server/app';
import { ONE_CLIENT_RATE_LIMITS, parseConfig } from '../server/config';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL (a world seeded at scale 100) is needed');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 800);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function sample() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids = async (text: string) => (await client.query(text)).rows.map((r) => r.id as number);
  const places = await ids('select id from locations order by random() limit 500');
  const reviews = await ids('select id from reviews order by random() limit 500');
  const users = await ids(
    'select id from users where review_count > 0 order by random() limit 500',
  );
  const cities = await ids('select id from cities order by id');
  await client.end();
  return { places, reviews, users, cities };
}

const side = (named: boolean) => (named ? 'bench_named' : 'bench_unnamed');

/** CPU seconds of each PostgreSQL backend of one side, by its pid. */
async function backendCpu(admin: pg.Client, named: boolean): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [side(named)],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second here).
    if (fields.length > 13) cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return cpu;
}

async function open(named: boolean, dataDir: string) {
  const database = await openDatabase({
    databaseUrl: `${databaseUrl}?application_name=${side(named)}`,
    poolSize: 5,
    namedStatements: named,
  });
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SITE_URL: 'http://spotreel.test',
    PAGE_CACHE_TTL_MS: '0',
    API_CACHE_TTL_MS: '0',
    SEARCH_INDEX: 'off',
    // One client (this loop) makes every request: its budgets must not be what is measured.
    ...ONE_CLIENT_RATE_LIMITS,
  });
  const app = await buildApp({ config, database, version: 'bench' });
  return { app, database };
}

/** `paths` in turn, `CONNECTIONS` at a time: requests a second and p99 (ms). */
async function run(app: FastifyInstance, paths: string[]) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      const url = paths[next++ % paths.length]!;
      const t = performance.now();
      const answer = await app.inject({ method: 'GET', url });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rate: times.length / seconds, p99: times[Math.floor(times.length * 0.99)]! };
}

const s = await sample();
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const rows: [string, string[]][] = [
  ['location', s.places.map((id) => `/api/v2/locations/${id}`)],
  ['location videos', s.places.map((id) => `/api/v3/locations/${id}/videos?per_page=15`)],
  ['location follows', s.places.map((id) => `/api/v2/locations/${id}/follows`)],
  ['related locations', s.places.map((id) => `/api/v2/locations/${id}/related`)],
  ['review', s.reviews.map((id) => `/api/v2/reviews/${id}`)],
  [
    'city feed',
    s.cities.flatMap((c) =>
      Array.from({ length: 25 }, (_, i) => `/api/v2/cities/${c}/feed?limit=4&start=${i * 8}`),
    ),
  ],
  ['user', s.users.map((id) => `/api/v2/users/${id}`)],
  ['user reviews by city', s.users.map((id) => `/api/v2/users/${id}/reviews/by-city`)],
];
const dir = await mkdtemp(join(tmpdir(), 'spotreel-bench-statements-'));
const servers: Record<'named' | 'unnamed', { app: FastifyInstance; database: DatabaseHandle }> = {
  named: await open(true, join(dir, 'named')),
  unnamed: await open(false, join(dir, 'unnamed')),
};
console.log(
  `load before ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
console.log(
  '| row | named: req/s, p99, PostgreSQL CPU a request | unnamed: req/s, p99, PostgreSQL CPU a request |',
);
console.log('|---|---|---|');
type Turn = { rate: number; p99: number; cpu: number };
/** One turn of a side, with its backends' CPU over it (ms a request). */
async function turn(named: boolean, paths: string[]): Promise<Turn> {
  const before = await backendCpu(admin, named);
  const { rate, p99 } = await run(servers[named ? 'named' : 'unnamed'].app, paths);
  const after = await backendCpu(admin, named);
  let cpu = 0;
  for (const [pid, seconds] of after) cpu += seconds - (before.get(pid) ?? 0);
  return { rate, p99, cpu: (cpu * 1000) / REQUESTS };
}
for (const [name, paths] of rows) {
  // A warm-up on each (every connection prepares what it names), then A B B A.
  for (const named of [true, false]) await turn(named, paths);
  const got = { named: [] as Turn[], unnamed: [] as Turn[] };
  for (const named of [true, false, false, true])
    got[named ? 'named' : 'unnamed'].push(await turn(named, paths));
  const mean = (list: Turn[], key: keyof Turn) =>
    list.reduce((sum, r) => sum + r[key], 0) / list.length;
  const cell = (list: Turn[]) =>
    `${mean(list, 'rate').toFixed(0)}, ${mean(list, 'p99').toFixed(0)} ms, ${mean(list, 'cpu').toFixed(2)} ms`;
  console.log(`| ${name} | ${cell(got.named)} | ${cell(got.unnamed)} |`);
}
console.log(
  `load after ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const { app, database } of Object.values(servers)) {
  await app.close();
  await database.close();
}
await admin.end();
await rm(dir, { recursive: true, force: true });
