/**
 * npm run bench:web — three parts, all by default, each writing its own block of bench/RESULTS.md
 * (the other blocks stay as they are); loopback only, bounded in time, every child process
 * (server, Chrome, raw server, React floor) stopped even on failure. Exits non-zero on an error,
 * not on a missed target.
 *
 * 1. Lighthouse (BENCH_WEB_LIGHTHOUSE=0 skips it): Lighthouse 13 (mobile preset, simulated
 *    throttling) on the built server's public pages: the four category scores, LCP, TBT, CLS and
 *    the JavaScript a page loads before interaction. Block `<!-- bench:web -->`.
 *    CHROMIUM_PATH (default /usr/bin/chromium, else scripts/chromium-path.mjs), BENCH_WEB_RUNS
 *    (default 3, the median run by performance score is reported), BENCH_WEB_TIMEOUT_MS (default
 *    120000 per Lighthouse run).
 *    The median run's full report of each page goes to data/bench-web/lighthouse/<page>.html
 *    (and .json).
 * 2. Server rendering throughput (BENCH_WEB_SSR=0 skips it; bench/web-ssr.ts): place pages per
 *    second at 10 connections (autocannon), one warm page and every seeded place in turn, each
 *    next to a raw `node:http` server sending the same bytes. Block `<!-- bench:web:ssr -->`.
 *    BENCH_WEB_SSR_SECONDS (default 10 per measured row), BENCH_WEB_RAW_PORT (default
 *    BENCH_WEB_PORT + 1) for the raw server.
 * 3. Render cost (BENCH_WEB_RENDER=0 skips it; bench/web-render.ts, issue 37): the server's
 *    main-thread CPU time per page (landing, city, place, review; page cache off, one keep-alive
 *    connection, no compression) next to React's floor for the same HTML (`renderToString` of
 *    the page parsed back into plain elements, NODE_ENV=production, bench/render-floor.ts).
 *    Block `<!-- bench:web:render -->`. BENCH_WEB_RENDER_REQUESTS (default 400 measured requests
 *    per page), BENCH_WEB_RENDER_ITERATIONS (default 1000 measured floor renders per page).
 *    This part alone: `BENCH_WEB_LIGHTHOUSE=0 BENCH_WEB_SSR=0 npm run bench:web`.
 *
 * BENCH_WEB_RENDER_PROFILE=<page> (landing, city, place or review) runs none of them: a CPU profile
 * of the built server under that page's sequential load, summed up by area (bench/render-profile.ts;
 * nothing written to bench/RESULTS.md). BENCH_WEB_RENDER_PROFILE_MS (the page's server ms/page)
 * turns the shares into milliseconds.
 *
 * BENCH_WORLD=all with DATABASE_URL (a world seeded at scale 100) runs none of them: the place,
 * city and review pages over ids of the whole world, caches off, 10 connections (bench/world.ts),
 * block `<!-- bench:web:world -->`.
 *
 * BENCH_WEB_PORT (default 3901) for the built server (each part starts its own); run
 * `npm run build` first.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { startBuiltServer, stopBuiltServer } from './built-server';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import { marks, writeResultsSection } from './results';
import { runRenderProfile } from './render-profile';
import { runRender, stopRender } from './web-render';
import { runSsr, stopSsr, topicPagePath } from './web-ssr';
import { benchWorld, worldMode } from './world';
import { chromiumEnv, chromiumPath } from '../scripts/chromium-path.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3901);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join('data', 'bench-web');
/** Which parts run: all unless one is switched off with `=0`. */
const LIGHTHOUSE = process.env.BENCH_WEB_LIGHTHOUSE !== '0';
const SSR = process.env.BENCH_WEB_SSR !== '0';
const RENDER = process.env.BENCH_WEB_RENDER !== '0';
const RENDER_REQUESTS = Number(process.env.BENCH_WEB_RENDER_REQUESTS ?? 400);
const RENDER_ITERATIONS = Number(process.env.BENCH_WEB_RENDER_ITERATIONS ?? 1000);
const SSR_SECONDS = Number(process.env.BENCH_WEB_SSR_SECONDS ?? 10);
const RAW_PORT = Number(process.env.BENCH_WEB_RAW_PORT ?? PORT + 1);
/** The median run's full Lighthouse report of every page, to open in a browser. */
const REPORTS = join(DATA_DIR, 'lighthouse');
/** Tries per measured run before the benchmark gives up. */
const ATTEMPTS = 3;
// Lighthouse measures the full browser people run (ADR 056); without it, the tests' choice.
const CHROME_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : (chromiumPath ?? '/usr/bin/chromium'));
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const RUN_TIMEOUT_MS = Number(process.env.BENCH_WEB_TIMEOUT_MS ?? 120_000);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const CATEGORY_NAMES: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};
/** Lowest acceptable score (0–100) per category (issue 15: the median of 3 runs). */
const TARGET_SCORE: Record<Category, number> = {
  performance: 97,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const TARGET_CLS = 0.01;
/** Total blocking time, ms. */
const TARGET_TBT_MS = 50;
/** JavaScript before interaction on the place page, gzip as transferred, in KiB (ADR 019). */
const TARGET_PLACE_JS_KIB = 150;
const { start: MARK_START, end: MARK_END } = marks('web');

interface Page {
  name: string;
  path: string;
  /** The JavaScript budget applies to this page. */
  jsTarget: boolean;
}

interface Script {
  url: string;
  /** Decoded body bytes. */
  raw: number;
  /** Bytes a client that accepts only gzip receives (the server's gzip, else gzipped here at level 6). */
  gzip: number;
  /** Bytes the browser actually transferred (brotli when the server offers it). */
  wire: number;
  /** The server answered a gzip-only request with gzip (else the gzip figure is an estimate). */
  compressed: boolean;
}

interface Measured {
  page: Page;
  lhr: Result;
  /** Performance scores of every run, for the spread. */
  perfRuns: number[];
  scripts: Script[];
}

const chromes = new Set<LaunchedChrome>();
let server: ChildProcess | undefined;
/** The browser's own version string (the user agent says only the major version). */
let browserVersion = '';

async function getJson<T>(path: string): Promise<T> {
  const answer = await fetch(BASE + path);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

async function startServer(): Promise<ChildProcess> {
  const child = await startBuiltServer({ port: PORT, dataDir: DATA_DIR });
  server = child;
  child.once('exit', (code, signal) => {
    // close-with-grace exits 0 on SIGTERM/SIGINT: code 0 here means someone else stopped it.
    if (server === child)
      console.error(`\nthe server stopped unexpectedly (code ${code}, signal ${signal})`);
  });
  return child;
}

async function stopServer() {
  const child = server;
  server = undefined;
  await stopBuiltServer(child);
}

function stopChromes() {
  for (const chrome of chromes) {
    try {
      chrome.kill();
    } catch {
      // already gone
    }
  }
  chromes.clear();
}

async function pages(): Promise<Page[]> {
  const trending = await getJson<{ data: { city_slug: string; clm_slug: string }[] }>(
    '/api/v2/locations/trending',
  );
  const place = trending.data[0];
  if (!place) throw new Error('GET /api/v2/locations/trending returned no place');
  return [
    { name: 'landing', path: '/', jsTarget: false },
    { name: 'city', path: '/city/il/chicago', jsTarget: false },
    { name: 'place', path: `/location/${place.city_slug}/${place.clm_slug}`, jsTarget: true },
    { name: 'review', path: '/reviews/148734', jsTarget: false },
    { name: 'topic', path: await topicPagePath(BASE), jsTarget: false },
  ];
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One Lighthouse run in a fresh Chrome: mobile preset, simulated throttling (the defaults). */
async function audit(url: string): Promise<Result> {
  const chrome = await launch({
    chromePath: CHROME_PATH,
    ...(CHROME_PATH === chromiumPath ? { envVars: { ...process.env, ...chromiumEnv } } : {}),
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  chromes.add(chrome);
  try {
    if (!browserVersion) {
      const version = (await (
        await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
      ).json()) as { Browser?: string };
      browserVersion = version.Browser ?? '';
    }
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      }),
      RUN_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error(`Lighthouse on ${url} returned nothing`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    for (const category of CATEGORIES) {
      if (lhr.categories[category]?.score == null)
        throw new Error(`Lighthouse on ${url}: no ${category} score`);
    }
    return lhr;
  } finally {
    chromes.delete(chrome);
    chrome.kill();
  }
}

const score = (lhr: Result, category: Category) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** The undecoded response to a plain GET that accepts only gzip. */
function fetchGzip(url: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/** Script resources of the page load (Lighthouse's network-requests audit). */
async function scripts(lhr: Result): Promise<Script[]> {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const items = (details?.items ?? []).filter(
    (item) =>
      /^https?:/.test(item.url) &&
      (item.resourceType === 'Script' || /javascript/.test(item.mimeType ?? '')),
  );
  const list: Script[] = [];
  for (const item of items) {
    // The budget is in gzip: ask for gzip only and count the bytes the server sends. A server that
    // does not compress gets its body gzipped here (level 6, what a compressing proxy would send).
    const { encoding, body } = await fetchGzip(item.url);
    const compressed = encoding === 'gzip';
    const raw = item.resourceSize ?? body.length;
    list.push({
      url: item.url,
      raw,
      gzip: compressed ? body.length : gzipSync(body, { level: 6 }).length,
      wire: item.transferSize ?? body.length,
      compressed,
    });
  }
  return list;
}

/** Fetches every page 3 times (server-side caches, query plans, the SSR bundle). */
async function warmPages(list: Page[]) {
  for (const page of list) {
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(BASE + page.path);
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`GET ${page.path}: ${answer.status}`);
    }
  }
}

/** Starts (or restarts) the server and warms it: pages, then one throwaway Lighthouse pass. */
async function startWarm(list?: Page[]): Promise<Page[]> {
  await stopServer();
  await startServer();
  const found = list ?? (await pages());
  await warmPages(found);
  process.stdout.write('warm-up Lighthouse pass … ');
  try {
    await audit(BASE + (found[0]?.path ?? '/'));
    console.log('done');
  } catch (error) {
    // Not fatal: the measured runs have their own retries.
    console.log(`failed (${String(error)})`);
  }
  return found;
}

/**
 * One measured run, retried (fresh Chrome; the server restarted and warmed again if it has
 * stopped) when Lighthouse fails or times out, so one bad run does not lose the whole benchmark.
 */
async function attempt(page: Page, list: Page[]): Promise<Result> {
  for (let tries = 1; ; tries++) {
    try {
      return await audit(BASE + page.path);
    } catch (error) {
      if (tries >= ATTEMPTS) throw error;
      console.error(`[${page.name}] ${String(error)}; retrying (${tries}/${ATTEMPTS - 1})`);
      if (!server || server.exitCode !== null || server.signalCode !== null) await startWarm(list);
    }
  }
}

async function measure(page: Page, list: Page[]): Promise<Measured> {
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = Date.now();
    const lhr = await attempt(page, list);
    runs.push(lhr);
    console.log(
      `[${page.name}] run ${i + 1}/${RUNS}: perf ${score(lhr, 'performance')}, LCP ${Math.round(numeric(lhr, 'largest-contentful-paint'))} ms, ` +
        `TBT ${Math.round(numeric(lhr, 'total-blocking-time'))} ms, CLS ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)} ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  // The median run by performance score (ties: the lower LCP), as Lighthouse recommends a median.
  const sorted = runs
    .slice()
    .sort(
      (a, b) =>
        score(a, 'performance') - score(b, 'performance') ||
        numeric(b, 'largest-contentful-paint') - numeric(a, 'largest-contentful-paint'),
    );
  const lhr = sorted[Math.floor((sorted.length - 1) / 2)] as Result;
  return {
    page,
    lhr,
    perfRuns: runs.map((run) => score(run, 'performance')),
    scripts: await scripts(lhr),
  };
}

const kib = (bytes: number) => bytes / 1024;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function jsGzip(m: Measured): number {
  return m.scripts.reduce((sum, s) => sum + s.gzip, 0);
}

function misses(m: Measured): string[] {
  const out: string[] = [];
  for (const category of CATEGORIES) {
    const value = score(m.lhr, category);
    if (value < TARGET_SCORE[category])
      out.push(`${CATEGORY_NAMES[category]} ${value} < ${TARGET_SCORE[category]}`);
  }
  const cls = numeric(m.lhr, 'cumulative-layout-shift');
  if (!(cls <= TARGET_CLS)) out.push(`CLS ${cls.toFixed(3)} > ${TARGET_CLS}`);
  const tbt = numeric(m.lhr, 'total-blocking-time');
  if (!(tbt <= TARGET_TBT_MS)) out.push(`TBT ${Math.round(tbt)} ms > ${TARGET_TBT_MS} ms`);
  if (m.page.jsTarget && kib(jsGzip(m)) > TARGET_PLACE_JS_KIB)
    out.push(`JS ${kib(jsGzip(m)).toFixed(0)} KB > ${TARGET_PLACE_JS_KIB} KB`);
  return out;
}

/** Audits of a category that did not pass (binary audits below 1, scored ones below 0.9). */
function failingAudits(lhr: Result, category: Category): string[] {
  const out: string[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    if (ref.group === 'hidden') continue;
    const result = lhr.audits[ref.id];
    if (!result) continue;
    const mode = result.scoreDisplayMode;
    if (mode === 'error') {
      out.push(`${result.title} (\`${ref.id}\`): audit error — ${result.errorMessage ?? ''}`);
      continue;
    }
    if (mode !== 'binary' && mode !== 'numeric' && mode !== 'metricSavings') continue;
    if (result.score === null) continue;
    const threshold = mode === 'binary' ? 1 : 0.9;
    if (result.score >= threshold) continue;
    const value = result.displayValue ? ` — ${result.displayValue}` : '';
    const weight =
      ref.group === 'metrics' ? ` (metric, score ${Math.round(result.score * 100)})` : '';
    out.push(`${result.title} (\`${ref.id}\`)${weight}${value}`);
  }
  return out;
}

function layoutShiftCulprits(lhr: Result): string[] {
  const details = lhr.audits['layout-shifts']?.details as
    { items?: { node?: { snippet?: string; selector?: string }; score?: number }[] } | undefined;
  return (details?.items ?? [])
    .slice(0, 5)
    .map(
      (item) =>
        `shift ${(item.score ?? 0).toFixed(3)} at \`${(item.node?.selector ?? item.node?.snippet ?? 'unknown').slice(0, 120)}\``,
    );
}

function section(measured: Measured[], version: string): string {
  const first = measured[0]?.lhr;
  const chromium =
    /\/([\d.]+)/.exec(browserVersion)?.[1] ??
    /Chrome\/([\d.]+)/.exec(first?.environment.hostUserAgent ?? '')?.[1] ??
    'unknown';
  const compressed = measured.some((m) => m.scripts.some((s) => s.compressed));
  const allCompressed = measured.every((m) => m.scripts.every((s) => s.compressed));
  const lines: string[] = [];
  lines.push(MARK_START);
  lines.push('## Web pages (Lighthouse)');
  lines.push('');
  lines.push(
    `\`npm run bench:web\` — measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
      `Node ${process.version}, Chromium ${chromium} (headless), Lighthouse ${first?.lighthouseVersion ?? '?'}, Spotreel ${version}` +
      (first
        ? ` (Lighthouse benchmark index ${Math.round(first.environment.benchmarkIndex)})`
        : '') +
      '.',
  );
  lines.push(
    'Built server in its own process (`NODE_ENV=production`, embedded PGlite, seeded world at scale 1), Chromium on loopback. ' +
      'Lighthouse mobile preset: Moto G Power viewport, simulated throttling (slow 4G, 4× CPU slowdown). ' +
      `Each page fetched 3 times and one throwaway Lighthouse pass before measuring; ${RUNS} run${RUNS > 1 ? 's' : ''} per page in a fresh Chrome, ` +
      `the median run by performance score reported (perf of every run in brackets). Full reports of those runs: \`${REPORTS}/<page>.html\` (and \`.json\`).`,
  );
  lines.push('');
  lines.push(
    `Targets: performance ≥ ${TARGET_SCORE.performance}, accessibility ${TARGET_SCORE.accessibility}, best practices ≥ ${TARGET_SCORE['best-practices']}, ` +
      `SEO ${TARGET_SCORE.seo}, CLS ≤ ${TARGET_CLS}, TBT ≤ ${TARGET_TBT_MS} ms; place page JavaScript before interaction ≤ ${TARGET_PLACE_JS_KIB} KB gzip.`,
  );
  lines.push('');
  lines.push(
    '| page | perf | a11y | best practices | SEO | LCP | TBT | CLS | JS KB gzip | JS KB sent | JS KB raw | targets |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const m of measured) {
    const missed = misses(m);
    const gzip = kib(jsGzip(m)).toFixed(1);
    const raw = kib(m.scripts.reduce((sum, s) => sum + s.raw, 0)).toFixed(1);
    const wire = kib(m.scripts.reduce((sum, s) => sum + s.wire, 0)).toFixed(1);
    const estimated = m.scripts.some((s) => !s.compressed) ? ' (est.)' : '';
    lines.push(
      `| ${m.page.name} \`${cell(m.page.path)}\` | ${score(m.lhr, 'performance')} (${m.perfRuns.join(', ')}) | ${score(m.lhr, 'accessibility')} | ` +
        `${score(m.lhr, 'best-practices')} | ${score(m.lhr, 'seo')} | ${(numeric(m.lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s | ` +
        `${Math.round(numeric(m.lhr, 'total-blocking-time'))} ms | ${numeric(m.lhr, 'cumulative-layout-shift').toFixed(3)} | ` +
        `${gzip}${estimated} | ${wire} | ${raw} | ${missed.length ? `missed: ${cell(missed.join('; '))}` : 'met'} |`,
    );
  }
  lines.push('');
  lines.push(
    'JS = every script resource the page load requests before the page is left idle (Lighthouse `network-requests`, ' +
      'resource type Script; inline scripts are part of the HTML and not counted); KB = 1024 bytes. ' +
      (allCompressed
        ? 'gzip = the bytes a gzip-only client receives (the server precompresses scripts with gzip 9); sent = what Chromium transferred (brotli 11, the server prefers it).'
        : compressed
          ? 'Some scripts were not sent gzipped: for those the gzip column is their body gzipped here (level 6), marked est.; sent = what Chromium transferred.'
          : 'The server sends scripts uncompressed (no `Content-Encoding`), so the page loads the raw size and Lighthouse simulates ' +
            'the network with it; the gzip column (est.) is each script body gzipped here at level 6, what a compressing server or CDN would send.'),
  );
  const fixes: string[] = [];
  for (const m of measured) {
    const items: string[] = [];
    for (const category of CATEGORIES) {
      const value = score(m.lhr, category);
      if (value >= 100) continue;
      const failing = failingAudits(m.lhr, category);
      const status = value >= TARGET_SCORE[category] ? ' (at target, not 100)' : '';
      items.push(
        `- ${CATEGORY_NAMES[category]} ${value}${status}:${failing.length ? '' : ' no single failing audit (the score is the sum of near-misses)'}`,
      );
      for (const audit of failing) items.push(`  - ${audit}`);
    }
    const cls = numeric(m.lhr, 'cumulative-layout-shift');
    if (!(cls <= TARGET_CLS)) {
      items.push(`- CLS ${cls.toFixed(3)}:`);
      for (const culprit of layoutShiftCulprits(m.lhr)) items.push(`  - ${culprit}`);
    }
    if (m.page.jsTarget && kib(jsGzip(m)) > TARGET_PLACE_JS_KIB) {
      items.push(`- JavaScript ${kib(jsGzip(m)).toFixed(1)} KB gzip:`);
      for (const s of m.scripts.slice().sort((a, b) => b.gzip - a.gzip))
        items.push(
          `  - \`${new URL(s.url).pathname}\` ${kib(s.gzip).toFixed(1)} KB gzip, ${kib(s.wire).toFixed(1)} KB sent, ${kib(s.raw).toFixed(1)} KB raw`,
        );
    }
    if (items.length) fixes.push(`**${m.page.name}** (\`${m.page.path}\`)`, '', ...items, '');
  }
  lines.push('');
  lines.push('### Failing audits (median run)');
  lines.push('');
  if (fixes.length) lines.push(...fixes);
  else lines.push('None: every page scores 100 and meets every target.', '');
  lines.push(MARK_END);
  return lines.join('\n');
}

async function lighthouseHalf(version: string) {
  if (!existsSync(CHROME_PATH))
    throw new Error(`No Chromium at ${CHROME_PATH}: set CHROMIUM_PATH to a Chrome or Chromium.`);

  // Warm up first: the first Lighthouse run after start is much slower.
  const list = await startWarm();
  await mkdir(REPORTS, { recursive: true });
  const measured: Measured[] = [];
  for (const page of list) {
    const m = await measure(page, list);
    measured.push(m);
    await writeFile(join(REPORTS, `${page.name}.html`), generateReport(m.lhr, 'html'));
    await writeFile(join(REPORTS, `${page.name}.json`), JSON.stringify(m.lhr));
  }
  await stopServer();

  const text = section(measured, version);
  await writeResultsSection('web', text);
  console.log('\n' + text + '\n\nwrote the bench:web section of bench/RESULTS.md');
}

async function main() {
  if (!existsSync('build/host/main.js'))
    throw new Error('Run `npm run build` first (npm start does it too).');
  // The place, city and review pages over the whole world of a scale-100 PostgreSQL, caches off.
  if (worldMode() === 'all') return benchWorld('web', PORT);
  if (!(RENDER_REQUESTS >= 1) || !(RENDER_ITERATIONS >= 1))
    throw new Error(
      'BENCH_WEB_RENDER_REQUESTS and BENCH_WEB_RENDER_ITERATIONS must be at least 1.',
    );
  if (process.env.BENCH_WEB_RENDER_PROFILE) {
    await mkdir(DATA_DIR, { recursive: true });
    const serverMs = Number(process.env.BENCH_WEB_RENDER_PROFILE_MS ?? 0);
    return runRenderProfile(
      {
        port: PORT,
        dataDir: DATA_DIR,
        requests: RENDER_REQUESTS,
        ...(serverMs > 0 ? { serverMs } : {}),
      },
      process.env.BENCH_WEB_RENDER_PROFILE,
    );
  }
  if (!LIGHTHOUSE && !SSR && !RENDER)
    throw new Error(
      'BENCH_WEB_LIGHTHOUSE=0, BENCH_WEB_SSR=0 and BENCH_WEB_RENDER=0: nothing to run.',
    );
  if (!(SSR_SECONDS > 0)) throw new Error('BENCH_WEB_SSR_SECONDS must be a positive number.');
  await mkdir(DATA_DIR, { recursive: true });
  const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };

  if (LIGHTHOUSE) await lighthouseHalf(version);
  if (SSR)
    await runSsr(
      { port: PORT, rawPort: RAW_PORT, dataDir: DATA_DIR, seconds: SSR_SECONDS },
      version,
    );
  if (RENDER)
    await runRender(
      {
        port: PORT,
        dataDir: DATA_DIR,
        requests: RENDER_REQUESTS,
        iterations: RENDER_ITERATIONS,
      },
      version,
    );
}

async function cleanup() {
  stopChromes();
  await stopServer();
  await stopSsr();
  await stopRender();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping Chrome, the servers and the floor`);
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

main()
  .then(async () => {
    await cleanup();
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
