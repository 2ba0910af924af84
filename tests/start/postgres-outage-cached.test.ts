import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_CLIENT_RATE_LIMITS } from '../../server/config';
import { freePort, start, stop, waitForReady, type Started } from './npm-start';
import { postgresInstalled, startPostgres, type PostgresServer } from './postgres-server';

/**
 * A PostgreSQL server that stops for several seconds under a process whose caches are on
 * (docs/decisions/062-stale-if-error.md), beside postgres-outage.test.ts, which turns them off
 * to reach the database on every call. An anonymous page fetched before the outage answers 200
 * with the same page, and the same flag values in it, all through the outage, past the page
 * cache's and the flag store's times; a page never fetched, and any page for a visitor with a
 * session, answers the 503 "try again" page. The log tells the outage of each background task
 * once, with no stack, and its end once. Skipped only where PostgreSQL is not installed, never
 * in CI.
 */
const skip = !postgresInstalled && process.env.CI !== 'true';

const CACHED = '/city/il/chicago';
const NEVER_CACHED = '/city/ny/new-york';
/** Pinned on in tests/e2e/flags.json: the page carries flags read from the database. */
const VISITOR = 'e2e-override-on';
const OUTAGE_MS = 8_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Page {
  status: number;
  cache: string | null;
  retryAfter: string | null;
  /** The body: the same page answers the same bytes (nothing of one response is in it). */
  text: string;
  flags: unknown;
}

/** One JSON log line of the process (the build's lines before them are not JSON). */
interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
}

describe.skipIf(skip)('cached pages through a PostgreSQL outage', () => {
  let postgres: PostgresServer | undefined;
  let started: Started | undefined;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    postgres = await startPostgres();
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-outage-cached-'));
    port = await freePort();
    started = start({
      DATABASE_URL: postgres.url,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      FLAGS_FILE: 'tests/e2e/flags.json',
      // Both shorter than the outage, so pages and flags are served past their time.
      PAGE_CACHE_TTL_MS: '2000',
      FLAGS_CACHE_MS: '1000',
      // Page reads are not shared between renders: a page not kept asks the database.
      API_CACHE_TTL_MS: '0',
      ...ONE_CLIENT_RATE_LIMITS,
    });
    await waitForReady(port, started);
    // The index syncs every second once built: the outage must find it syncing.
    for (let i = 0; i < 600 && !started.output().includes('"search index: '); i++) await sleep(100);
  }, 180_000);

  afterAll(async () => {
    const code = await stop(started);
    postgres?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    expect(code, started?.output().slice(-4000)).toBe(0);
  }, 30_000);

  async function get(path: string, cookie = `distinct_id=${VISITOR}`, method = 'GET') {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { cookie } });
    const body = await answer.text();
    const flags = /<script id="page-flags" type="application\/json">(.*?)<\/script>/.exec(body);
    return {
      status: answer.status,
      cache: answer.headers.get('x-page-cache'),
      retryAfter: answer.headers.get('retry-after'),
      text: body,
      flags: flags ? JSON.parse(flags[1]!) : null,
    } satisfies Page;
  }

  const logSince = (offset: number): LogLine[] =>
    started!
      .output()
      .slice(offset)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  it('serves the pages it kept, with their flags, and logs the outage once and its end once', async () => {
    const before = await get(CACHED);
    expect(before.status).toBe(200);
    expect(before.flags).toEqual({ flags: expect.objectContaining({ 'e2e-half-rollout': true }) });
    expect((await get(CACHED)).cache).toBe('hit');
    expect((await get(NEVER_CACHED, '', 'HEAD')).status).toBe(200);

    const offset = started!.output().length;
    postgres!.stop('immediate');
    const stopped = Date.now();
    const during: Page[] = [];
    const uncached: Page[] = [];
    const withSession: Page[] = [];
    while (Date.now() - stopped < OUTAGE_MS) {
      during.push(await get(CACHED));
      uncached.push(await get(NEVER_CACHED));
      withSession.push(await get(CACHED, `distinct_id=${VISITOR}; auth_token=some-session`));
      await sleep(200);
    }
    postgres!.start();

    // the kept page, the same, through the outage and past its 2 s
    expect(during.filter((page) => page.status !== 200)).toEqual([]);
    expect(during.filter((page) => page.text !== before.text)).toEqual([]);
    expect(new Set(during.map((page) => JSON.stringify(page.flags)))).toEqual(
      new Set([JSON.stringify(before.flags)]),
    );
    expect(new Set(during.map((page) => page.cache))).toContain('stale');
    // a page never kept, and every page of a visitor with a session: the "try again" page
    for (const page of [...uncached, ...withSession]) {
      expect(page.status).toBe(503);
      expect(page.retryAfter).toBe('5');
      expect(page.text).toContain('try this again');
    }

    // back, and each task says so once (the flags are read when a page asks for them)
    const back = Date.now();
    const recovered = (what: string) =>
      logSince(offset).filter((line) => line.msg.startsWith(`${what} works again`));
    while (
      Date.now() - back < 15_000 &&
      (recovered('search index: sync').length === 0 ||
        recovered('flags: reading the definitions').length === 0)
    ) {
      await get(CACHED);
      await sleep(200);
    }
    await sleep(2_000);
    const lines = logSince(offset);
    for (const what of ['search index: sync', 'flags: reading the definitions']) {
      const failed = lines.filter((line) => line.msg.startsWith(`${what} failed`));
      expect(failed, what).toHaveLength(1);
      expect(failed[0]!.level, what).toBe(40);
      expect(failed[0]!.msg, what).toContain('The database is not answering.');
      expect(recovered(what), what).toHaveLength(1);
      expect(recovered(what)[0]!.level, what).toBe(30);
    }
    // no stack anywhere while it lasted: storage faults are warnings (ADR 026)
    expect(lines.filter((line) => line.err?.stack)).toEqual([]);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect((await get(CACHED)).status).toBe(200);
  });
});
