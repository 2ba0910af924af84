/**
 * The server-rendering half of `npm run bench:web` (bench/web.ts runs it): place pages per
 * second from the built server at 10 connections, next to a raw `node:http` server
 * (bench/raw-server.ts, its own process) that sends the same bytes without computing anything.
 *
 * - warm: one place page, again and again (the database and every cache warm);
 * - rotating: every seeded place's page in turn (the sitemaps list them), each request the next
 *   place, cycling through all of them.
 *
 * Writes its block of bench/RESULTS.md between `<!-- bench:web:ssr -->` and
 * `<!-- /bench:web:ssr -->`. A missed target is reported, not an error.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { Agent, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer, stopBuiltServer } from './built-server';
import { runLoad, settle, type LoadResult } from './load';
import { marks, writeResultsSection } from './results';

export interface SsrOptions {
  /** Port of the built product. */
  port: number;
  /** Port of the raw baseline server. */
  rawPort: number;
  dataDir: string;
  /** Measured seconds per row. */
  seconds: number;
}

/** From the issue: every row at 10 connections. */
const CONNECTIONS = 10;
/** Unmeasured load before a measured row of the warm page, and before each raw row. */
const WARMUP_SECONDS = 2;
/** Single requests to the warm page before its warm-up load. */
const WARM_FETCHES = 5;
/** Parallel requests while recording every place page for the raw server. */
const RECORD_CONCURRENCY = 2;
const TARGET_WARM_RATIO = 0.15;
const TARGET_ROTATING_RATIO = 0.05;
const TARGET_ROTATING_P99_MS = 100;
const SECTION = 'web:ssr';

/**
 * An anonymous desktop browser's document request: a Chrome User-Agent, the Accept a navigation
 * sends, no cookies. No Accept-Encoding, because autocannon does not decode: the product and the
 * raw server both answer uncompressed (checked when the pages are recorded).
 */
export const BROWSER_HEADERS: Record<string, string> = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept:
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

/** Response headers the raw server does not copy: Node writes its own framing and date. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
]);

interface Recorded {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

interface Row {
  name: string;
  product: LoadResult;
  raw: LoadResult;
  /** Body bytes per page (the mean over the row's pages). */
  bodyBytes: number;
  targetRatio: number;
  targetP99?: number;
  /** The machine's 1-minute load average when the product's measurement started. */
  load: number;
}

const children = new Set<ChildProcess>();
/** Where the raw server's page files go (tens of MB), removed when the half ends. */
let workDir: string | undefined;
const agent = new Agent({ keepAlive: true, maxSockets: RECORD_CONCURRENCY });

/** Stops every process this half started (the product and any raw server). */
export async function stopSsr() {
  await Promise.all([...children].map((child) => stopBuiltServer(child)));
  children.clear();
  agent.destroy();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  workDir = undefined;
}

/** One page as the load generator asks for it (no Accept-Encoding), body undecoded. */
function getPage(
  base: string,
  path: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers: BROWSER_HEADERS, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** A place page as the product sends it, checked to be a plain, uncompressed 200 HTML answer. */
async function record(base: string, path: string): Promise<Recorded> {
  const page = await getPage(base, path);
  if (page.status !== 200) throw new Error(`GET ${path}: ${page.status}`);
  if (page.headers['content-encoding'])
    throw new Error(`GET ${path} came back ${page.headers['content-encoding']}-encoded`);
  if (!/^text\/html/.test(page.headers['content-type'] ?? ''))
    throw new Error(`GET ${path}: content-type ${page.headers['content-type']}`);
  const headers: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(page.headers))
    if (value !== undefined && !HOP_HEADERS.has(key)) headers[key] = value;
  return { headers, body: page.body };
}

async function recordAll(base: string, paths: string[]): Promise<Map<string, Recorded>> {
  const pages = new Map<string, Recorded>();
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      pages.set(path, await record(base, path));
    }
  };
  await Promise.all(Array.from({ length: RECORD_CONCURRENCY }, worker));
  return pages;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(unescapeXml(m[1] as string)));

async function getText(base: string, path: string): Promise<string> {
  const answer = await fetch(base + path);
  if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
  return answer.text();
}

/** Every seeded place's canonical page path, from the sitemap index's places chunks. */
export async function placePaths(base: string): Promise<string[]> {
  const chunks = locs(await getText(base, '/sitemap.xml')).filter((url) =>
    /^\/sitemaps\/places-\d+\.xml$/.test(url.pathname),
  );
  const paths: string[] = [];
  for (const chunk of chunks)
    paths.push(...locs(await getText(base, chunk.pathname)).map((url) => url.pathname));
  if (paths.length === 0) throw new Error('the sitemaps list no place');
  return paths;
}

/** The place page Lighthouse measures too: the first trending place. */
export async function warmPath(base: string): Promise<string> {
  const trending = JSON.parse(await getText(base, '/api/v2/locations/trending')) as {
    data: { city_slug: string; clm_slug: string }[];
  };
  const place = trending.data[0];
  if (!place) throw new Error('GET /api/v2/locations/trending returned no place');
  return `/location/${encodeURIComponent(place.city_slug)}/${encodeURIComponent(place.clm_slug)}`;
}

/** Chicago's strongest topic page (spec §2.6): the topic page the benchmarks measure. */
export async function topicPagePath(base: string): Promise<string> {
  const route = JSON.parse(await getText(base, '/api/v2/routes/chicago-il?target_type=city')) as {
    target: { clm_id: number };
  };
  const topics = JSON.parse(
    await getText(base, `/api/v2/cities/${route.target.clm_id}/topics?limit=1`),
  ) as { data: { path: string }[] };
  const topic = topics.data[0];
  if (!topic) throw new Error('Chicago has no topic page');
  return topic.path;
}

/** Starts the raw server on `pages` (base64 bodies in a file it reads) and waits until it listens. */
async function startRaw(
  file: string,
  port: number,
  pages: Map<string, Recorded>,
  fallback?: string,
): Promise<ChildProcess> {
  const spec = {
    pages: Object.fromEntries(
      [...pages].map(([path, page]) => [
        path,
        { headers: page.headers, body: page.body.toString('base64') },
      ]),
    ),
    ...(fallback === undefined ? {} : { fallback }),
  };
  await writeFile(file, JSON.stringify(spec));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join('bench', 'raw-server.ts'), file, String(port)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  children.add(child);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the raw server did not listen within 30 s')),
        30_000,
      );
      child.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the raw server exited (code ${code}) before it listened`));
      });
      child.once('error', reject);
    });
  } catch (error) {
    await stopRaw(child);
    throw error;
  }
  return child;
}

async function stopRaw(child: ChildProcess) {
  await stopBuiltServer(child);
  children.delete(child);
}

/** One row's raw measurement, with its own warm-up; the raw server must answer 2xx only. */
async function measureRaw(
  options: SsrOptions,
  file: string,
  pages: Map<string, Recorded>,
  paths: string[],
  fallback?: string,
): Promise<LoadResult> {
  const base = `http://127.0.0.1:${options.rawPort}`;
  const raw = await startRaw(file, options.rawPort, pages, fallback);
  try {
    const load = (seconds: number) =>
      runLoad({ base, paths, connections: CONNECTIONS, seconds, headers: BROWSER_HEADERS });
    await load(WARMUP_SECONDS);
    const result = await load(options.seconds);
    if (result.non2xx || result.errors)
      throw new Error(`the raw server: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  } finally {
    await stopRaw(raw);
  }
}

const describe = (r: LoadResult) =>
  `${r.requests.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.bytes} B/answer` +
  (r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : '');

export function commit(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    // The results file itself does not count as a change to what was measured.
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/RESULTS.md'],
      { encoding: 'utf8' },
    ).trim();
    return dirty ? `${hash} with uncommitted changes` : hash;
  } catch {
    return 'unknown';
  }
}

const ratioOf = (row: Row) => row.product.requests / row.raw.requests;

function verdict(row: Row): string {
  const failed = row.product.non2xx + row.product.errors;
  if (failed) return `failed: ${row.product.non2xx} non-2xx, ${row.product.errors} errors/timeouts`;
  const missed: string[] = [];
  const ratio = ratioOf(row);
  if (ratio < row.targetRatio) missed.push(`ratio ${ratio.toFixed(3)} < ${row.targetRatio}`);
  if (row.targetP99 !== undefined && row.product.p99 > row.targetP99)
    missed.push(`p99 ${row.product.p99} ms > ${row.targetP99} ms`);
  return missed.length ? `missed: ${missed.join('; ')}` : 'met';
}

function section(
  rows: Row[],
  info: { warm: string; places: number; seconds: number; commit: string; version: string },
): string {
  const { start, end } = marks(SECTION);
  const cpu = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`;
  const lines = [
    start,
    '## Server rendering throughput (place pages)',
    '',
    `\`npm run bench:web\` (this half alone: \`BENCH_WEB_LIGHTHOUSE=0 BENCH_WEB_RENDER=0 npm run bench:web\`) — measured ${new Date().toISOString().slice(0, 10)} ` +
      `at commit ${info.commit} on ${cpu}, Node ${process.version}, Spotreel ${info.version}.`,
    'Built server in its own process (`NODE_ENV=production`, embedded PGlite, seeded world at scale 1); the raw baseline is a plain ' +
      '`node:http` server in another process (`bench/raw-server.ts`) answering with bytes recorded from the product (same headers ' +
      'and body, `Content-Length` instead of chunked); autocannon runs in the benchmark process. All on loopback, sharing the ' +
      `machine's ${cpus().length} cores. ${CONNECTIONS} connections, ${info.seconds} s per row, req/s = mean of autocannon's ` +
      'one-second samples, latencies of the 2xx answers. Each request is an anonymous desktop browser document request (Chrome ' +
      'User-Agent, `Accept: text/html…`, no cookies) without `Accept-Encoding`: both servers answer uncompressed.',
    '',
    `- **warm**: one place page, \`${info.warm}\` (the first trending place, the Lighthouse place page), ` +
      `fetched ${WARM_FETCHES} times and loaded ${WARMUP_SECONDS} s unmeasured first; the raw server answers every request with that page.`,
    `- **rotating**: every seeded place (${info.places} pages, from the sitemaps), each request the next place, cycling through ` +
      'all of them; measured right after the warm row, with no warm-up of its own. Then every place page is fetched once and the ' +
      `raw server answers each path with its own page (after ${WARMUP_SECONDS} s unmeasured).`,
    '',
    `Targets: warm ≥ ${TARGET_WARM_RATIO} of raw req/s; rotating ≥ ${TARGET_ROTATING_RATIO} of raw req/s and p99 ≤ ${TARGET_ROTATING_P99_MS} ms. ` +
      'Any non-2xx answer or error fails the row.',
    '',
    '| row | product req/s | raw req/s | ratio | target | p50 | p99 | raw p50 | raw p99 | body bytes/page | bytes/answer product / raw | non-2xx | result |',
    '|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const target =
      `≥ ${row.targetRatio}` + (row.targetP99 !== undefined ? `, p99 ≤ ${row.targetP99} ms` : '');
    lines.push(
      `| ${row.name} | ${row.product.requests.toFixed(1)} | ${row.raw.requests.toFixed(0)} | ${ratioOf(row).toFixed(4)} | ${target} | ` +
        `${row.product.p50} ms | ${row.product.p99} ms | ${row.raw.p50} ms | ${row.raw.p99} ms | ${row.bodyBytes} | ` +
        `${row.product.bytes} / ${row.raw.bytes} | ${row.product.non2xx} | ${verdict(row)} |`,
    );
  }
  lines.push('');
  const rotating = rows.find((row) => row.name === 'rotating');
  if (rotating) {
    const { total } = rotating.product;
    lines.push(
      `In the rotating row the product answered ${total} requests: ` +
        (total >= info.places
          ? `every one of the ${info.places} places, each ≈ ${(total / info.places).toFixed(1)} times.`
          : `${total} different places of the ${info.places} (the rotation did not come round once).`),
    );
  }
  lines.push(
    `The machine's 1-minute load average when each product row started: ${rows.map((row) => `${row.name} ${row.load.toFixed(1)}`).join(', ')} ` +
      `(it counts the benchmark's own earlier rows too; far above the ${cpus().length} cores means other work competed with it).`,
  );
  lines.push(end);
  return lines.join('\n');
}

/** Runs the server-rendering half and writes its block of bench/RESULTS.md. */
export async function runSsr(options: SsrOptions, version: string): Promise<void> {
  const base = `http://127.0.0.1:${options.port}`;
  const work = join(options.dataDir, 'ssr');
  const rawTaken = await fetch(`http://127.0.0.1:${options.rawPort}/`).then(
    () => true,
    () => false,
  );
  if (rawTaken)
    throw new Error(
      `Something already answers on port ${options.rawPort}: set BENCH_WEB_RAW_PORT to a free port.`,
    );
  workDir = work;
  await mkdir(work, { recursive: true });
  const server = await startBuiltServer({ port: options.port, dataDir: options.dataDir });
  children.add(server);
  const load = (paths: string[], seconds: number) =>
    runLoad({ base, paths, connections: CONNECTIONS, seconds, headers: BROWSER_HEADERS });
  /** A product row: measured, then the server left to drain its queue; it must still run. */
  const measureProduct = async (paths: string[]) => {
    const started = loadavg()[0] ?? 0;
    const result = await load(paths, options.seconds);
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error('the server stopped during the load');
    await settle(base);
    return { result, load: started };
  };
  try {
    const places = await placePaths(base);
    const warm = await warmPath(base);
    if (!places.includes(warm)) console.warn(`[ssr] the warm page ${warm} is not in the sitemap`);
    console.log(`[ssr] ${places.length} places; warm page ${warm}`);

    // Warm: the page a few times, then unmeasured load, then the measured row.
    let warmPage = await record(base, warm);
    for (let i = 1; i < WARM_FETCHES; i++) warmPage = await record(base, warm);
    await load([warm], WARMUP_SECONDS);
    await settle(base);
    const { result: warmProduct, load: warmLoad } = await measureProduct([warm]);
    console.log(`[ssr] warm, product: ${describe(warmProduct)}`);
    const warmRaw = await measureRaw(
      options,
      join(work, 'warm.json'),
      new Map([[warm, warmPage]]),
      [warm],
      warm,
    );
    console.log(`[ssr] warm, raw: ${describe(warmRaw)}`);

    // Rotating: measured first, so recording the pages for the raw server does not warm them.
    const { result: rotatingProduct, load: rotatingLoad } = await measureProduct(places);
    console.log(`[ssr] rotating, product: ${describe(rotatingProduct)}`);
    process.stdout.write(`[ssr] recording ${places.length} place pages for the raw server … `);
    const pages = await recordAll(base, places);
    const bodyBytes = Math.round(
      [...pages.values()].reduce((sum, page) => sum + page.body.length, 0) / pages.size,
    );
    console.log(`mean body ${bodyBytes} B`);
    const rotatingRaw = await measureRaw(options, join(work, 'rotating.json'), pages, places);
    console.log(`[ssr] rotating, raw: ${describe(rotatingRaw)}`);

    const rows: Row[] = [
      {
        name: 'warm',
        product: warmProduct,
        raw: warmRaw,
        bodyBytes: warmPage.body.length,
        targetRatio: TARGET_WARM_RATIO,
        load: warmLoad,
      },
      {
        name: 'rotating',
        product: rotatingProduct,
        raw: rotatingRaw,
        bodyBytes,
        targetRatio: TARGET_ROTATING_RATIO,
        targetP99: TARGET_ROTATING_P99_MS,
        load: rotatingLoad,
      },
    ];
    const text = section(rows, {
      warm,
      places: places.length,
      seconds: options.seconds,
      commit: commit(),
      version,
    });
    await writeResultsSection(SECTION, text);
    console.log('\n' + text + '\n\nwrote the bench:web:ssr section of bench/RESULTS.md');
  } finally {
    await stopSsr();
  }
}
