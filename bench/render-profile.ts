/**
 * Where a page's server time goes: `BENCH_WEB_RENDER_PROFILE=<page> npm run bench:web` (landing,
 * city, place or review) runs the built server under `node --cpu-prof`, the page cache off,
 * asks that page over one keep-alive connection as the render-cost part does (bench/web-render.ts:
 * warm-up, then BENCH_WEB_RENDER_REQUESTS requests one after the other), stops it, and sums up its
 * main thread's profile over the measured requests only. It writes nothing to bench/RESULTS.md:
 * the profile goes to data/bench-web/render/profile/ (open the `.cpuprofile` in Chrome's DevTools)
 * and the summary to data/bench-web/render/profile-<page>.md and the console.
 *
 * BENCH_WEB_RENDER_PROFILE_WAIT_MS waits before the warm-up (a scale-100 PostgreSQL server builds its
 * search index for about a minute after it starts). The server gets this process's environment, so
 * DATABASE_URL with API_CACHE_TTL_MS=0 profiles a page with its database reads.
 *
 * The profiler slows the server down (more so on a busy machine): read the shares, not the
 * milliseconds; "≈ ms" scales a share to the server ms/page that BENCH_WEB_RENDER_PROFILE_MS gives
 * (say, the render-cost part's figure for the page), when given.
 *
 * Each sample of the main thread (idle left out) goes to the first area below that its stack
 * matches, so the areas add up to 100%; the names are those of today's React DOM, React Router
 * and host code, so a rename there moves time into another area.
 */
import { readdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { join, resolve } from 'node:path';
import { startBuiltServer, stopBuiltServer } from './built-server';
import { getPage, pagesOf, setAgent } from './web-render';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One frame as the summary names it: the function, and where it is (package, host or app file). */
interface Frame {
  fn: string;
  where: string;
}

/** Areas, first match wins; `stack` is leaf first. */
const AREAS: [string, (stack: Frame[]) => boolean][] = [
  ['garbage collection', (stack) => stack[0]?.where === '(garbage collector)'],
  [
    'Fastify reply: onSend hooks (cookies, security headers, compress) and the socket write',
    (stack) => stack.some((f) => f.fn === 'Reply.send' && f.where.includes('fastify/')),
  ],
  [
    'turbo-stream: the loader data encoded into the page (React Router single fetch)',
    (stack) => stack.some((f) => f.where.includes('turbo-stream')),
  ],
  ['lucide icons', (stack) => stack.some((f) => f.where.includes('lucide-react'))],
  [
    'React Router <Link> (LinkWithRef: useHref, useResolvedPath, useLinkClickHandler…)',
    (stack) => inRender(stack) && stack.some((f) => /^(LinkWithRef|NavLinkWithRef)$/.test(f.fn)),
  ],
  [
    'React: the finished HTML written out as bytes (flushCompletedQueues, writeChunk, TextEncoder)',
    (stack) => stack.some((f) => f.fn === 'flushCompletedQueues'),
  ],
  ['render: app components (own code)', (stack) => inRender(stack) && isApp(stack[0])],
  [
    'render: React Router components and hooks (not <Link>)',
    (stack) => inRender(stack) && !!stack[0]?.where.includes('react-router'),
  ],
  [
    "render: React DOM's own work (elements, attributes, escaping, hooks)",
    (stack) => inRender(stack) && /react-dom|pkg:react\//.test(stack[0]?.where ?? ''),
  ],
  ['render: other (built-ins and host code called while rendering)', (stack) => inRender(stack)],
  [
    'loaders and reads (read cache, zod)',
    (stack) =>
      stack.some(
        (f) =>
          (f.fn.startsWith('loader') && isApp(f)) ||
          f.fn === 'callLoaderOrAction' ||
          f.where === 'host:server/api/read-route.ts' ||
          f.where.includes('zod/'),
      ),
  ],
  [
    'React Router request pipeline (matching, middleware, headers, the Response)',
    (stack) => stack.some((f) => f.where.includes('react-router')),
  ],
  [
    'host page handler (server/web.ts: Request and Headers, flags, cookies, script hashes, CSP, device)',
    (stack) => stack.some((f) => f.where === 'host:server/web.ts'),
  ],
  [
    'Fastify and node:http (parsing, routing, hooks)',
    (stack) =>
      stack.some((f) => /fastify|find-my-way|node:_http|node:net|stream_base/.test(f.where)),
  ],
  ['other', () => true],
];

function inRender(stack: Frame[]): boolean {
  return stack.some((f) => f.fn === 'performWork' && f.where.includes('react-dom'));
}

function isApp(frame: Frame | undefined): boolean {
  return !!frame?.where.startsWith('app:');
}

/** Names where a frame is: `pkg:<path in node_modules>`, `host:<source file>` (source map), `app:<chunk>`. */
function locator(hostMap: SourceMap | undefined) {
  const cache = new Map<CallFrame, string>();
  return (frame: CallFrame): string => {
    const known = cache.get(frame);
    if (known) return known;
    const { url } = frame;
    let where: string;
    if (url.endsWith('build/host/main.js')) {
      const entry = hostMap?.findEntry(frame.lineNumber, frame.columnNumber) as
        { originalSource?: string } | undefined;
      where = entry?.originalSource
        ? 'host:' + entry.originalSource.replace(/^.*?\/(server|db|contract|node_modules)\//, '$1/')
        : 'host:build/host/main.js';
    } else if (url.includes('node_modules/')) where = 'pkg:' + url.replace(/^.*node_modules\//, '');
    else if (url.includes('build/server/')) where = 'app:' + url.replace(/^.*build\/server\//, '');
    else if (url) where = url;
    else where = `(${frame.functionName.replace(/[()]/g, '') || 'native'})`;
    cache.set(frame, where);
    return where;
  };
}

const short = (text: string) => (text.length > 120 ? text.slice(0, 117) + '…' : text);

/** The summary of the main thread's profile between `start` and `end` (µs, its own clock). */
export async function summarise(
  profile: CpuProfile,
  window: { start: number; end: number; requests: number },
  info: { page: string; path: string; serverMs?: number },
): Promise<string> {
  const mapFile = join('build', 'host', 'main.js.map');
  const hostMap = new SourceMap(JSON.parse(await readFile(mapFile, 'utf8')));
  const where = locator(hostMap);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  const areas = new Map<string, { count: number; leaves: Map<string, number> }>();
  const selfByWhere = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let time = profile.startTime;
  let busy = 0;
  let inWindow = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    if (time < window.start || time > window.end) continue;
    inWindow++;
    const stack: Frame[] = [];
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (frame) stack.push({ fn: frame.functionName, where: where(frame) });
    }
    const leaf = stack[0];
    if (!leaf || leaf.fn === '(idle)' || leaf.fn === '(program)' || leaf.fn === '(root)') continue;
    busy++;
    const name = (AREAS.find(([, matches]) => matches(stack)) as (typeof AREAS)[number])[0];
    const area = areas.get(name) ?? { count: 0, leaves: new Map<string, number>() };
    areas.set(name, area);
    area.count++;
    add(area.leaves, `${leaf.fn || '(anonymous)'} ${leaf.where}`);
    add(selfByWhere, leaf.where.replace(/^pkg:((?:@[^/]+\/)?[^/]+).*$/, 'pkg:$1'));
    for (const frame of new Set(stack.map((f) => `${f.fn || '(anonymous)'} ${f.where}`)))
      add(inclusive, frame);
  }
  if (busy < 100)
    throw new Error(
      `only ${busy} busy samples (${inWindow} in all) in the measured window: the profile's clock and this process's differ?`,
    );
  const pct = (count: number) => `${((count / busy) * 100).toFixed(1)}%`;
  const ms = (count: number) =>
    info.serverMs ? ` ≈ ${((count / busy) * info.serverMs).toFixed(2)} ms` : '';
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  const lines = [
    `# Where the ${info.page} page's server time goes (\`${info.path}\`)`,
    '',
    `${window.requests} requests one after the other, page cache off; ${busy} busy samples of the main thread ` +
      `(${inWindow - busy} idle), ${((window.end - window.start) / 1000 / window.requests).toFixed(2)} ms of wall time a request ` +
      'under the profiler.' +
      (info.serverMs ? ` ≈ ms: the share of ${info.serverMs} ms/page.` : ''),
    '',
    '## Areas (each sample counted once; they add up to 100%)',
    '',
  ];
  for (const [name, area] of [...areas].sort((a, b) => b[1].count - a[1].count)) {
    lines.push(`- **${pct(area.count)}**${ms(area.count)} ${name}`);
    for (const [leaf, count] of sorted(area.leaves).slice(0, 5))
      lines.push(`  - ${pct(count)} ${short(leaf)}`);
  }
  lines.push('', '## Self time by package or file', '');
  for (const [name, count] of sorted(selfByWhere).slice(0, 25))
    lines.push(`- ${pct(count)}${ms(count)} ${short(name)}`);
  lines.push('', '## Inclusive time by function (the top 60)', '');
  for (const [name, count] of sorted(inclusive).slice(0, 60))
    lines.push(`- ${pct(count)}${ms(count)} ${short(name)}`);
  return lines.join('\n') + '\n';
}

/** Profiles one page and writes its summary. */
export async function runRenderProfile(
  options: { port: number; dataDir: string; requests: number; serverMs?: number },
  pageName: string,
): Promise<void> {
  const base = `http://127.0.0.1:${options.port}`;
  const work = join(options.dataDir, 'render');
  const dir = resolve(work, 'profile');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const server = await startBuiltServer({
    port: options.port,
    dataDir: options.dataDir,
    env: { PAGE_CACHE_TTL_MS: '0' },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  });
  const agent = setAgent();
  let window: { start: number; end: number; requests: number };
  let path: string;
  try {
    const page = (await pagesOf(base)).find((p) => p.name === pageName);
    if (!page)
      throw new Error(
        `BENCH_WEB_RENDER_PROFILE=${pageName}: no such page (landing, city, place, review)`,
      );
    path = page.path;
    const ask = async () => {
      const answer = await getPage(base, page.path);
      if (answer.status !== 200) throw new Error(`GET ${page.path}: ${answer.status}`);
    };
    const wait = Number(process.env.BENCH_WEB_RENDER_PROFILE_WAIT_MS ?? 0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (let i = 0; i < 60; i++) await ask();
    // V8 stamps samples with the monotonic clock in µs, as process.hrtime does (in ns).
    const start = Number(process.hrtime.bigint() / 1000n);
    for (let i = 0; i < options.requests; i++) await ask();
    window = { start, end: Number(process.hrtime.bigint() / 1000n), requests: options.requests };
  } finally {
    agent.destroy();
    // The profile is written as the process exits.
    await stopBuiltServer(server);
  }
  // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is the main thread.
  const file = readdirSync(dir).find((name) =>
    new RegExp(`\\.${server.pid}\\.0\\.\\d+\\.cpuprofile$`).test(name),
  );
  if (!file) throw new Error(`no profile of the main thread in ${dir}`);
  const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
  const text = await summarise(profile, window, {
    page: pageName,
    path,
    ...(options.serverMs ? { serverMs: options.serverMs } : {}),
  });
  const out = join(work, `profile-${pageName}.md`);
  await writeFile(out, text);
  console.log(text + `\nwrote ${out}; the profile: ${join(dir, file)}`);
}
