/**
 * npm run bench:flood — can one client stall the server with heavy reads (issue 16, ADR 028)?
 * One client floods the server with searches no cache holds (20 connections, every term new)
 * while two other clients time `/readyz` and place pages (every seeded place in turn, so the
 * page cache rarely holds them). Each database is measured twice: with the limits as shipped
 * (the flood mostly gets 429) and with the per-client limits lifted, so that only the search
 * queue (server/fair-queue.ts) stands between the flood and the rest. Block
 * `<!-- bench:flood -->` of bench/RESULTS.md.
 *
 * The embedded database always; PostgreSQL too when TEST_DATABASE_URL names a server, as
 * `scripts/with-postgres.sh`, which the npm script runs it under, does. Behind one trusted proxy
 * (TRUST_PROXY_HOPS=1): the clients are told apart by X-Forwarded-For, as they would be.
 * BENCH_FLOOD_SECONDS (default 20) per row, BENCH_FLOOD_PORT (default 3902); run
 * `npm run build` first.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { parseConfig } from '../server/config';
import { startBuiltServer, stopBuiltServer } from './built-server';
import { marks, writeResultsSection } from './results';
import { placePaths } from './web-ssr';

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_FLOOD_PORT ?? 3902);
const BASE = `http://127.0.0.1:${PORT}`;
const FLOOD_CONNECTIONS = 20;
const READYZ_P95_MS = 50;
const PAGE_P95_MS = 200;
const WORDS = ['pizza', 'taco', 'sushi', 'rooftop', 'brunch', 'coffee', 'jazz', 'burger', 'ramen'];

/** A request as the proxy in front passes it on: the client's own address last. */
const from = (client: string) => ({ 'x-forwarded-for': `198.51.100.9, ${client}` });

interface Timings {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  max: number;
}

function summarize(samples: number[], errors: number): Timings {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    errors,
    p50: Math.round(at(0.5)),
    p95: Math.round(at(0.95)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
}

/** One client asking `next()` every `everyMs` (or right after the last answer, if slower). */
async function probe(
  client: string,
  next: () => string,
  everyMs: number,
  until: number,
): Promise<Timings> {
  const samples: number[] = [];
  let errors = 0;
  while (Date.now() < until) {
    const started = performance.now();
    try {
      const answer = await fetch(BASE + next(), {
        headers: { ...from(client), accept: 'text/html,application/json' },
      });
      await answer.arrayBuffer();
      if (answer.ok) samples.push(performance.now() - started);
      else errors += 1;
    } catch {
      errors += 1;
    }
    const waited = performance.now() - started;
    if (waited < everyMs) await new Promise((resolve) => setTimeout(resolve, everyMs - waited));
  }
  return summarize(samples, errors);
}

interface Flood {
  total: number;
  ok: number;
  limited: number;
  busy: number;
  other: number;
}

/** The flooding client: every search a term no cache has seen. */
function flood(seconds: number): Promise<Flood> {
  let n = 0;
  const counts: Flood = { total: 0, ok: 0, limited: 0, busy: 0, other: 0 };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: BASE,
        connections: FLOOD_CONNECTIONS,
        duration: seconds,
        headers: from('10.1.0.1'),
        requests: [
          {
            setupRequest: (request) => {
              n += 1;
              const term = `${WORDS[n % WORDS.length]}${(n * 7919).toString(36)}`;
              return {
                ...request,
                path: `/api/v2/search/wonder-search?search_type=global&limit=5&term=${term}`,
              };
            },
          },
        ],
      },
      (error) => (error ? reject(error) : resolve(counts)),
    );
    instance.on('response', (_client, status) => {
      counts.total += 1;
      if (status === 200) counts.ok += 1;
      else if (status === 429) counts.limited += 1;
      else if (status === 503) counts.busy += 1;
      else counts.other += 1;
    });
  });
}

interface Row {
  database: string;
  limits: string;
  quiet: { readyz: Timings; pages: Timings };
  flooded: { readyz: Timings; pages: Timings; flood: Flood };
}

async function probes(pages: string[], seconds: number) {
  let page = 0;
  const until = Date.now() + seconds * 1000;
  const [readyz, pageTimings] = await Promise.all([
    probe('10.2.0.1', () => '/readyz', 100, until),
    probe('10.3.0.1', () => pages[page++ % pages.length] as string, 200, until),
  ]);
  return { readyz, pages: pageTimings };
}

async function measure(database: string, limits: string, env: Record<string, string>) {
  const dataDir = join('data', `bench-flood-${database === 'embedded' ? 'pglite' : 'pg'}`);
  await mkdir(dataDir, { recursive: true });
  const server = await startBuiltServer({
    port: PORT,
    dataDir,
    env: { TRUST_PROXY_HOPS: '1', ...env },
  });
  try {
    const pages = await placePaths(BASE);
    // Warm the query plans, not the caches: a few pages and searches first.
    for (const path of pages.slice(0, 5)) await fetch(BASE + path).then((r) => r.arrayBuffer());
    process.stdout.write(`[${database}, ${limits}] quiet … `);
    // The quiet half starts where the flooded half will not go, so neither finds the other's pages cached.
    const half = Math.floor(pages.length / 2);
    const quiet = await probes(pages.slice(half), Math.min(10, SECONDS));
    process.stdout.write(
      `readyz p95 ${quiet.readyz.p95} ms, pages p95 ${quiet.pages.p95} ms; flooded … `,
    );
    const [floodCounts, flooded] = await Promise.all([
      flood(SECONDS),
      probes(pages.slice(0, half), SECONDS),
    ]);
    console.log(
      `readyz p95 ${flooded.readyz.p95} ms, pages p95 ${flooded.pages.p95} ms; ` +
        `flood ${floodCounts.total} (${floodCounts.ok} ok, ${floodCounts.limited} 429, ${floodCounts.busy} 503)`,
    );
    return { database, limits, quiet, flooded: { ...flooded, flood: floodCounts } } as Row;
  } finally {
    await stopBuiltServer(server);
  }
}

const met = (value: number, target: number) => (value <= target ? 'met' : '**missed**');

function table(rows: Row[]): string {
  const lines = [
    '| database | limits | /readyz p95 quiet → flooded | pages p95 quiet → flooded | page max flooded | probe errors | flood answers: 200 / 429 / 503 / other | target |',
    '|---|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const { quiet, flooded } = row;
    const errors = flooded.readyz.errors + flooded.pages.errors;
    const f = flooded.flood;
    lines.push(
      `| ${row.database} | ${row.limits} | ${quiet.readyz.p95} → ${flooded.readyz.p95} ms | ${quiet.pages.p95} → ${flooded.pages.p95} ms | ${flooded.pages.max} ms | ${errors} | ${f.ok} / ${f.limited} / ${f.busy} / ${f.other} | ` +
        `readyz ${met(flooded.readyz.p95, READYZ_P95_MS)}, pages ${met(flooded.pages.p95, PAGE_P95_MS)}${errors ? ', **probe errors**' : ''} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  if (!existsSync('build/host/main.js'))
    throw new Error('Run `npm run build` first (npm start does it too).');
  const shipped = parseConfig({}).rateLimits;
  const asShipped = {
    RATE_LIMIT_READS_PER_MINUTE: String(shipped.readsPerMinute),
    RATE_LIMIT_SEARCHES_PER_MINUTE: String(shipped.searchesPerMinute),
    RATE_LIMIT_WRITES_PER_MINUTE: String(shipped.writesPerMinute),
    RATE_LIMIT_SIGN_INS_PER_MINUTE: String(shipped.signInsPerMinute),
  };
  const databases: [string, Record<string, string>][] = [['embedded', {}]];
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) databases.push(['PostgreSQL', { DATABASE_URL: postgres }]);
  else
    console.log(
      'No TEST_DATABASE_URL: the PostgreSQL rows are left out (npm run bench:flood adds them).',
    );

  const rows: Row[] = [];
  for (const [database, env] of databases) {
    rows.push(await measure(database, 'as shipped', { ...env, ...asShipped }));
    rows.push(await measure(database, 'per-client limits lifted', env));
  }

  const version = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
  const { start, end } = marks('flood');
  const text = `${start}
## One client's flood of uncached searches (\`npm run bench:flood\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, Spotreel ${version.version}; built server in production mode, seeded world at scale 1, behind one trusted proxy hop.
One client sends searches with ${FLOOD_CONNECTIONS} connections for ${SECONDS} s, every term new (no cache holds it); meanwhile another
client asks \`/readyz\` every 100 ms and a third asks place pages every 200 ms, every place in turn. "Quiet" is the same probes
for ${Math.min(10, SECONDS)} s without the flood. "As shipped": the default budgets (${shipped.searchesPerMinute} searches a minute per client);
"limits lifted": budgets of 10⁸, so only the search queue (one search at a time on the embedded database, half the pool on
PostgreSQL; two waiting per client; ADR 028) holds the flood.

Targets (issue 16): under the flood, \`/readyz\` p95 ≤ ${READYZ_P95_MS} ms and pages p95 ≤ ${PAGE_P95_MS} ms.

${table(rows)}
${end}`;
  await writeResultsSection('flood', text);
  console.log('\nwrote bench/RESULTS.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
