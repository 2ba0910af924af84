/**
 * The render-cost part of `npm run bench:web` (bench/web.ts runs it; issue 37, criterion 5): what
 * the built server's request thread spends on one page, next to what React DOM alone spends
 * writing the same HTML (bench/render-floor.ts).
 *
 * - server: the landing page (desktop User-Agent, so the landing set), a city, a place and a
 *   review, asked one after the other over a single keep-alive connection, page cache off
 *   (PAGE_CACHE_TTL_MS=0), the read cache as it is by default (on, so the data is warm), no
 *   Accept-Encoding (no compression). The cost is the CPU time of the server's main thread (the
 *   thread whose id is the process id; the embedded database and the search index have threads
 *   of their own): utime + stime of /proc/<pid>/task/<pid>/stat in clock ticks, over all of a
 *   page's requests, with the thread's schedstat run time (ns) as a cross-check.
 * - floor: each page's last unmeasured answer parsed back into a tree of plain React elements and
 *   rendered with `renderToString` in a child process under NODE_ENV=production, main-thread CPU
 *   time per render; the floor's HTML must be the very bytes the server sent.
 *
 * The measured requests and renders alternate in rounds (the server's requests of every page, then
 * the floor's renders of every page), so a change in the machine's load weighs on both alike.
 *
 * Writes its block of bench/RESULTS.md between `<!-- bench:web:render -->` and
 * `<!-- /bench:web:render -->`. A missed target is reported, not an error.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBuiltServer, stopBuiltServer } from './built-server';
import type { FloorCommand, FloorMessage, FloorPage, FloorRound, FloorSpec } from './render-floor';
import { marks, writeResultsSection } from './results';
import { BROWSER_HEADERS, commit, topicPagePath, warmPath } from './web-ssr';

export interface RenderOptions {
  port: number;
  dataDir: string;
  /** Measured requests of each page. */
  requests: number;
  /** Measured floor renders of each page. */
  iterations: number;
}

const SECTION = 'web:render';
/** Server ÷ floor, per page (issue 37, criterion 5). */
const TARGET_RATIO = 3;
/** Unmeasured requests of each page first (JIT, the read caches, the search index). */
const WARMUP_REQUESTS = 60;
/** The measured requests (and floor renders) go round the pages in this many rounds. */
const ROUNDS = 8;
/** Unmeasured floor renders of each page. */
const FLOOR_WARMUP = 300;
/** The server's main thread measured idle this long, to show what it spends on its own. */
const IDLE_MS = 3_000;
/**
 * Issue 37 as filed (the code before route modules and single fetch, ADR 067): server ms, floor
 * ms and the ratio as the issue gives them (from its unrounded figures).
 */
const AS_FILED: Record<string, { server: number; floor: number; ratio: number }> = {
  landing: { server: 6.4, floor: 0.47, ratio: 13.6 },
  city: { server: 7.6, floor: 0.46, ratio: 16.3 },
  place: { server: 5.5, floor: 0.49, ratio: 11.1 },
  review: { server: 4.8, floor: 0.4, ratio: 12.1 },
};

interface Page {
  name: string;
  path: string;
  /** `data-screen` of the page's <main>: the answer is that page, not an error page. */
  screen: string;
}

interface ThreadTimes {
  /** utime + stime, clock ticks. */
  ticks: number;
  /** Run time from schedstat, ns (NaN when the kernel does not keep it). */
  runNs: number;
}

/** A page's measured requests, added up. */
interface Tally {
  requests: number;
  /** Main-thread utime + stime, clock ticks. */
  ticks: number;
  /** Main-thread run time from schedstat, ns. */
  runNs: number;
  /** Wall time of the measured requests as the client saw them, ms. */
  wallMs: number;
  /** Each round's main-thread ms per request (schedstat's ns where there are, else ticks). */
  rounds: number[];
}

interface ServerResult extends Tally {
  page: Page;
  /** The page's last answer. */
  html: Buffer;
}

const children = new Set<ChildProcess>();
let agent: Agent | undefined;

/** Stops every process this half started. */
export async function stopRender() {
  await Promise.all([...children].map((child) => stopBuiltServer(child)));
  children.clear();
  agent?.destroy();
  agent = undefined;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const msOf = (ticks: number) => (ticks * 1000) / clockTicks;

/** The main thread's CPU time so far (the task whose id is the process id). */
function threadTimes(pid: number): ThreadTimes {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  // After the command name (in parentheses, which may hold spaces): state is field 3, utime 14.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  let runNs = NaN;
  try {
    runNs = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    // no schedstat in this kernel
  }
  return { ticks, runNs };
}

/** The one keep-alive connection every request goes over (a new one replaces the last). */
export function setAgent(): Agent {
  agent?.destroy();
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return agent;
}

/**
 * One page over the one keep-alive connection, as a desktop browser without cookies or
 * Accept-Encoding asks for it; `fresh` says whether it needed a new connection.
 */
export function getPage(
  base: string,
  path: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; fresh: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers: BROWSER_HEADERS, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          fresh: !req.reusedSocket,
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** Asks for a page and checks it is that page, whole, uncompressed HTML. */
async function fetchPage(base: string, page: Page): Promise<{ body: Buffer; fresh: boolean }> {
  const answer = await getPage(base, page.path);
  if (answer.status !== 200) throw new Error(`GET ${page.path}: ${answer.status}`);
  if (answer.headers['content-encoding'])
    throw new Error(`GET ${page.path} came back ${answer.headers['content-encoding']}-encoded`);
  if (answer.headers['x-page-cache'])
    throw new Error(
      `GET ${page.path}: the page cache answered (${answer.headers['x-page-cache']})`,
    );
  if (!/^text\/html/.test(answer.headers['content-type'] ?? ''))
    throw new Error(`GET ${page.path}: content-type ${answer.headers['content-type']}`);
  return { body: answer.body, fresh: answer.fresh };
}

/** The four pages: the landing page (desktop), a city, the first trending place, a review. */
export async function pagesOf(base: string): Promise<Page[]> {
  return [
    { name: 'landing', path: '/', screen: 'landing' },
    { name: 'city', path: '/city/il/chicago', screen: 'city' },
    { name: 'place', path: await warmPath(base), screen: 'location' },
    { name: 'review', path: '/reviews/148734', screen: 'review' },
    { name: 'topic', path: await topicPagePath(base), screen: 'topic' },
  ];
}

/** The floor's process (NODE_ENV=production), answering one message per command. */
class Floor {
  private constructor(private readonly child: ChildProcess) {}

  /** Starts it on the pages' HTML files; resolves once it has checked them and warmed up. */
  static async start(spec: FloorSpec, file: string): Promise<{ floor: Floor; pages: FloorPage[] }> {
    await writeFile(file, JSON.stringify(spec));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join('bench', 'render-floor.ts'), file],
      {
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    children.add(child);
    const floor = new Floor(child);
    const ready = await floor.next();
    if (ready.type !== 'ready') throw new Error(`the floor said ${ready.type} first`);
    return { floor, pages: ready.pages };
  }

  private next(): Promise<FloorMessage> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: FloorMessage) => {
        this.child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => {
        this.child.off('message', onMessage);
        reject(new Error(`the floor exited (code ${code})`));
      };
      this.child.once('message', onMessage);
      this.child.once('exit', onExit);
    });
  }

  async round(renders: number): Promise<FloorRound[]> {
    const command: FloorCommand = { type: 'round', renders };
    this.child.send(command);
    const answer = await this.next();
    if (answer.type !== 'round') throw new Error(`the floor said ${answer.type}`);
    return answer.results;
  }

  async end() {
    const command: FloorCommand = { type: 'end' };
    if (this.child.connected) this.child.send(command);
    await stopBuiltServer(this.child);
    children.delete(this.child);
  }
}

/** The raw-server floor (bench/raw-page-server.ts) on `port`, answering the pages' saved bytes. */
async function startRaw(port: number, specFile: string, pages: { path: string; file: string }[]) {
  await writeFile(specFile, JSON.stringify({ pages }));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join('bench', 'raw-page-server.ts'), String(port), specFile],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  children.add(child);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the raw server exited (code ${code})`)));
  });
  if (child.pid === undefined) throw new Error('the raw server has no process id');
  return { child, pid: child.pid };
}

/** A page's floor renders, added up. */
interface FloorTally {
  renders: number;
  cpuUs: number;
  wallMs: number;
  /** Each round's CPU ms per render. */
  rounds: number[];
  /** The same renders with the streaming renderer: CPU µs and wall ms. */
  streamCpuUs: number;
  streamWallMs: number;
}

interface Measured {
  server: ServerResult[];
  /** The raw-server floor's requests of each page, by page name. */
  raw: Map<string, Tally>;
  floor: (FloorPage & FloorTally)[];
  idleMsPerS: number;
  connections: number;
}

/**
 * Warms the server up, hands each page's last answer to the floor, then measures: `ROUNDS`
 * rounds, each the server's requests of every page in turn and then the floor's renders of every
 * page, so both see the machine as it is at that moment.
 */
async function measure(
  base: string,
  pid: number,
  pages: Page[],
  options: RenderOptions,
): Promise<Measured> {
  let connections = 0;
  const last = new Map<string, Buffer>();
  const ask = async (page: Page) => {
    const { body, fresh } = await fetchPage(base, page);
    if (fresh) connections++;
    last.set(page.name, body);
  };
  for (let i = 0; i < WARMUP_REQUESTS; i++) for (const page of pages) await ask(page);
  const work = join(options.dataDir, 'render');
  for (const page of pages) {
    const html = last.get(page.name) as Buffer;
    if (!html.toString('utf8').includes(`data-screen="${page.screen}"`))
      throw new Error(`GET ${page.path} is not the ${page.screen} page`);
    await writeFile(join(work, `${page.name}.html`), html);
  }
  const { floor, pages: checked } = await Floor.start(
    {
      pages: pages.map((page) => ({ name: page.name, file: join(work, `${page.name}.html`) })),
      warmup: FLOOR_WARMUP,
    },
    join(work, 'floor.json'),
  );
  const rawBase = `http://127.0.0.1:${options.port + 7}`;
  const raw = await startRaw(
    options.port + 7,
    join(work, 'raw.json'),
    pages.map((page) => ({ path: page.path, file: join(work, `${page.name}.html`) })),
  );
  const askRaw = async (page: Page) => {
    const answer = await getPage(rawBase, page.path);
    if (answer.status !== 200) throw new Error(`raw GET ${page.path}: ${answer.status}`);
  };
  for (let i = 0; i < WARMUP_REQUESTS; i++) for (const page of pages) await askRaw(page);
  try {
    // What the thread spends on its own (timers, the search index's sync), for the reader.
    const idleStart = threadTimes(pid);
    const idleWall = performance.now();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleEnd = threadTimes(pid);
    // schedstat's nanoseconds where there are (a few clock ticks would round to nothing)
    const idleMs = Number.isFinite(idleEnd.runNs - idleStart.runNs)
      ? (idleEnd.runNs - idleStart.runNs) / 1e6
      : msOf(idleEnd.ticks - idleStart.ticks);
    const idleMsPerS = (idleMs / (performance.now() - idleWall)) * 1000;

    const server = new Map<string, Tally>(
      pages.map((page) => [page.name, { requests: 0, ticks: 0, runNs: 0, wallMs: 0, rounds: [] }]),
    );
    const rawTallies = new Map<string, Tally>(
      pages.map((page) => [page.name, { requests: 0, ticks: 0, runNs: 0, wallMs: 0, rounds: [] }]),
    );
    const floors = new Map<string, FloorTally>(
      pages.map((page) => [
        page.name,
        { renders: 0, cpuUs: 0, wallMs: 0, rounds: [], streamCpuUs: 0, streamWallMs: 0 },
      ]),
    );
    const requests = Math.max(1, Math.ceil(options.requests / ROUNDS));
    const renders = Math.max(1, Math.ceil(options.iterations / ROUNDS));
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of pages) {
        await tallied(server.get(page.name) as Tally, pid, requests, () => ask(page));
        await tallied(rawTallies.get(page.name) as Tally, raw.pid, requests, () => askRaw(page));
      }
      for (const result of await floor.round(renders)) {
        const total = floors.get(result.name) as FloorTally;
        total.renders += result.renders;
        total.cpuUs += result.cpuUs;
        total.wallMs += result.wallMs;
        total.rounds.push(result.cpuUs / 1000 / result.renders);
        total.streamCpuUs += result.streamCpuUs;
        total.streamWallMs += result.streamWallMs;
      }
      console.log(`[render] round ${round + 1}/${ROUNDS} done`);
    }
    return {
      server: pages.map((page) => ({
        page,
        ...(server.get(page.name) as Tally),
        html: last.get(page.name) as Buffer,
      })),
      floor: checked.map((page) => ({ ...page, ...(floors.get(page.name) as FloorTally) })),
      raw: rawTallies,
      idleMsPerS,
      connections,
    };
  } finally {
    await floor.end();
    await stopBuiltServer(raw.child);
    children.delete(raw.child);
  }
}

/** `requests` requests (one after the other), the thread `pid`'s CPU time added to `total`. */
async function tallied(total: Tally, pid: number, requests: number, ask: () => Promise<void>) {
  const before = threadTimes(pid);
  const started = performance.now();
  for (let i = 0; i < requests; i++) await ask();
  total.wallMs += performance.now() - started;
  const after = threadTimes(pid);
  const runNs = after.runNs - before.runNs;
  total.ticks += after.ticks - before.ticks;
  total.runNs += runNs;
  total.requests += requests;
  total.rounds.push(
    (Number.isFinite(runNs) ? runNs / 1e6 : msOf(after.ticks - before.ticks)) / requests,
  );
}

interface Row {
  server: ServerResult;
  floor: FloorPage & FloorTally;
  raw: Tally;
}

const serverMs = (row: Row) => msOf(row.server.ticks) / row.server.requests;
const floorMs = (row: Row) => row.floor.cpuUs / 1000 / row.floor.renders;
const ratioOf = (row: Row) => serverMs(row) / floorMs(row);
const streamMs = (row: Row) => row.floor.streamCpuUs / 1000 / row.floor.renders;
/** The raw server's main-thread ms per request (schedstat's ns: its ticks round to nothing). */
const rawMs = (row: Row) =>
  Number.isFinite(row.raw.runNs)
    ? row.raw.runNs / 1e6 / row.raw.requests
    : msOf(row.raw.ticks) / row.raw.requests;
/** The lowest and highest of the rounds' own ratios. */
function roundRatios(row: Row): [number, number] {
  const ratios = row.server.rounds.map((ms, i) => ms / (row.floor.rounds[i] ?? NaN));
  return [Math.min(...ratios), Math.max(...ratios)];
}

function section(
  rows: Row[],
  info: {
    version: string;
    commit: string;
    idleMsPerS: number;
    connections: number;
    loadBefore: number;
    loadAfter: number;
  },
): string {
  const { start, end } = marks(SECTION);
  const cpu = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`;
  const first = rows[0];
  const lines = [
    start,
    '## Render cost: the server against the React floor (issue 37, criterion 5)',
    '',
    `\`npm run bench:web\` (this part alone: \`BENCH_WEB_LIGHTHOUSE=0 BENCH_WEB_SSR=0 npm run bench:web\`) — measured ` +
      `${new Date().toISOString().slice(0, 10)} at commit ${info.commit} on ${cpu}, Node ${process.version}, Spotreel ${info.version}.`,
    '',
    '- **server**: the built server in its own process (`NODE_ENV=production`, embedded PGlite, seeded world at scale 1), ' +
      '**page cache off** (`PAGE_CACHE_TTL_MS=0`), the read cache as by default (on: the data ' +
      `is warm). Each page asked ${WARMUP_REQUESTS} times unmeasured, then ${first?.server.requests ?? 0} times measured, one ` +
      'request after the other over a single keep-alive connection ' +
      `(${info.connections} connection${info.connections === 1 ? '' : 's'} opened in all), as an anonymous desktop Chrome ` +
      '(`Accept: text/html…`, no cookies, **no `Accept-Encoding`**: uncompressed). ms/page = the CPU time (user + system) of ' +
      "the server's **main thread** (the task whose id is the process id; PGlite and the search index run in threads of their " +
      `own) from \`/proc/<pid>/task/<pid>/stat\`, in clock ticks of ${1000 / clockTicks} ms, over the page's requests, divided ` +
      "by them; in brackets the thread's `schedstat` run time (ns) over the same requests. Idle, the thread ran " +
      `${info.idleMsPerS.toFixed(2)} ms a second on its own (timers; not taken off).`,
    "- **floor**: each page's last unmeasured answer parsed back (htmlparser2) into a bare tree of React elements (attributes " +
      'as React props: class → className, for → htmlFor, SVG attributes camelCased, boolean attributes `true`, style strings as ' +
      'objects; `<script>` contents as `dangerouslySetInnerHTML`; text as strings; a `<Suspense>` for each resolved boundary; the ' +
      "image preload links React writes itself from an `<img>` left out) and rendered with the project's `react-dom/server` " +
      '`renderToString` in a child process with `NODE_ENV=production` (`bench/render-floor.ts`): no component of the app, no ' +
      `hook, no data. ${FLOOR_WARMUP} renders of each page unmeasured, then ${first?.floor.renders ?? 0} measured; ms/page = ` +
      "the child's main-thread CPU time per render (`process.threadCpuUsage`), wall time in brackets. **Check**: with " +
      "`<!DOCTYPE html>` in front, the floor's HTML is the server's byte for byte (floor bytes column).",
    `- The measured requests and renders go in ${ROUNDS} rounds: the server's requests of each page in turn, then the floor's ` +
      'renders of each page, so both see the machine as it is at that moment; "rounds" gives the lowest and highest of the ' +
      "rounds' own ratios (schedstat for the server). The machine is shared: CPU time per page rises with other work on its " +
      'cores, so compare ratios rather than milliseconds across runs. 1-minute load average ' +
      `${info.loadBefore.toFixed(1)} before, ${info.loadAfter.toFixed(1)} after.`,
    '',
    `Target: server ≤ ${TARGET_RATIO} × floor on every page.`,
    '',
    '| page | HTML bytes | floor bytes | server ms/page | floor ms/page | ratio | rounds | target | server wall ms/request |',
    '|---|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const row of rows) {
    const { server, floor } = row;
    const ratio = ratioOf(row);
    const bytes = floor.identical
      ? `${floor.floorBytes} (identical)`
      : `${floor.floorBytes} (**differs** at ${floor.firstDifference})`;
    const runMs = server.runNs / 1e6 / server.requests;
    const [low, high] = roundRatios(row);
    lines.push(
      `| ${server.page.name} \`${server.page.path}\` | ${server.html.length} | ${bytes} | ` +
        `${serverMs(row).toFixed(2)} (${Number.isFinite(runMs) ? runMs.toFixed(2) : '–'}) | ` +
        `${floorMs(row).toFixed(3)} (${(floor.wallMs / floor.renders).toFixed(3)}) | ${ratio.toFixed(1)}× | ` +
        `${low.toFixed(1)}–${high.toFixed(1)}× | ` +
        `${ratio <= TARGET_RATIO ? 'met' : `**missed** (> ${TARGET_RATIO}×)`} | ${(server.wallMs / server.requests).toFixed(2)} |`,
    );
  }
  lines.push(...floorsSideBySide(rows));
  lines.push(
    '',
    'Issue 37 as filed, for comparison: the code before route modules per URL pattern and single fetch (ADR 067), the ' +
      "issue's own figures on that day's machine (not re-run here; its milliseconds are not this run's):",
    '',
    '| page | server ms/page | floor ms/page | ratio |',
    '|---|---:|---:|---:|',
  );
  for (const { server } of rows) {
    const filed = AS_FILED[server.page.name];
    if (filed)
      lines.push(`| ${server.page.name} | ${filed.server} | ${filed.floor} | ${filed.ratio}× |`);
  }
  for (const { floor } of rows.filter((row) => !row.floor.identical))
    lines.push(
      '',
      `The ${floor.name} floor differs from the server's page: ${floor.differenceContext}`,
    );
  lines.push(end);
  return lines.join('\n');
}

/**
 * The floors side by side, in the same rounds: React's streaming renderer on the same tree (how
 * the server renders), and Node's bare `node:http` sending the same bytes (bench/raw-page-server.ts).
 */
function floorsSideBySide(rows: Row[]): string[] {
  const lines = [
    '',
    'The floors side by side, measured in the same rounds: **stream** = the same bare tree rendered with `renderToPipeableStream` ' +
      'the way `app/entry.server.tsx` renders (whole, `onAllReady`, chunks collected into one Buffer; checked to write the same ' +
      "bytes), in the floor's process; **raw http** = Node's own `node:http` answering the page's path with the same bytes " +
      "(`bench/raw-page-server.ts`, its main thread's schedstat run time per request), asked like the server. What is left, " +
      'server − (raw http + stream), is the app, React Router and Fastify (the profile: `BENCH_WEB_RENDER_PROFILE=<page>`).',
    '',
    '| page | server ms | renderToString ms | stream ms | raw http ms | raw http + stream ms | server ÷ (raw http + stream) | left for app, router, Fastify ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const both = rawMs(row) + streamMs(row);
    lines.push(
      `| ${row.server.page.name} | ${serverMs(row).toFixed(2)} | ${floorMs(row).toFixed(3)} | ${streamMs(row).toFixed(3)} | ` +
        `${rawMs(row).toFixed(3)} | ${both.toFixed(3)} | ${(serverMs(row) / both).toFixed(1)}× | ${(serverMs(row) - both).toFixed(2)} |`,
    );
  }
  return lines;
}

/** Runs the render-cost part and writes its block of bench/RESULTS.md. */
export async function runRender(options: RenderOptions, version: string): Promise<void> {
  const base = `http://127.0.0.1:${options.port}`;
  await mkdir(join(options.dataDir, 'render'), { recursive: true });
  const loadBefore = loadavg()[0] ?? 0;
  const server = await startBuiltServer({
    port: options.port,
    dataDir: options.dataDir,
    env: { PAGE_CACHE_TTL_MS: '0' },
  });
  children.add(server);
  try {
    if (server.pid === undefined) throw new Error('the server has no process id');
    setAgent();
    const pages = await pagesOf(base);
    console.log(`[render] ${pages.map((page) => `${page.name} ${page.path}`).join(', ')}`);
    const measured = await measure(base, server.pid, pages, options);
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error('the server stopped during the measurement');
    const loadAfter = loadavg()[0] ?? 0;
    await stopRender();
    const rows = measured.server.map((result): Row => {
      const floor = measured.floor.find((page) => page.name === result.page.name);
      if (!floor) throw new Error(`no floor for ${result.page.name}`);
      const raw = measured.raw.get(result.page.name);
      if (!raw) throw new Error(`no raw-server figures for ${result.page.name}`);
      return { server: result, floor, raw };
    });
    for (const row of rows)
      console.log(
        `[render] ${row.server.page.name}: server ${serverMs(row).toFixed(2)} ms/page ` +
          `(schedstat ${(row.server.runNs / 1e6 / row.server.requests).toFixed(2)}), floor ${floorMs(row).toFixed(3)} ms ` +
          `(wall ${(row.floor.wallMs / row.floor.renders).toFixed(3)}), stream ${streamMs(row).toFixed(3)} ms, ` +
          `raw http ${rawMs(row).toFixed(3)} ms, ratio ${ratioOf(row).toFixed(1)} ` +
          `(rounds ${roundRatios(row)
            .map((r) => r.toFixed(1))
            .join('–')}), ` +
          `${row.server.html.length} B${row.floor.identical ? ', floor identical' : `, floor differs: ${row.floor.differenceContext}`}`,
      );
    const text = section(rows, {
      version,
      commit: commit(),
      idleMsPerS: measured.idleMsPerS,
      connections: measured.connections,
      loadBefore,
      loadAfter,
    });
    await writeResultsSection(SECTION, text);
    console.log('\n' + text + '\n\nwrote the bench:web:render section of bench/RESULTS.md');
  } finally {
    await stopRender();
  }
}
