import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVERY_CALL_TO_THE_DATABASE,
  freePort,
  start,
  stop,
  waitForReady,
  type Started,
} from './npm-start';
import { postgresInstalled, startPostgres, type PostgresServer } from './postgres-server';

/**
 * A PostgreSQL server that turns read-only, then stops mid-load
 * (docs/decisions/026-storage-faults.md): `npm start` against a real server. Read-only, writes
 * answer 503 and /readyz fails while reads go on. Stopped as a crash would stop it, with reads,
 * writes and pages in flight: every call answers 503 with Retry-After meanwhile (pages: the "try
 * again" page), the process lives on, it is ready again within 10 s of the server's return by
 * itself, and every write it acknowledged is in the database. Skipped only where PostgreSQL is not installed, never in CI.
 */
const skip = !postgresInstalled && process.env.CI !== 'true';

const WATCH = '/api/v4/global/watch?limit=10&result_type=global';
const PAGE = '/city/il/chicago';
/** How soon the process must be ready again once the server is back. */
const RECOVERY_MS = 10_000;

type Kind = 'write' | 'read' | 'page';
interface Answer {
  kind: Kind;
  startedAt: number;
  endedAt: number;
  /** 0: no HTTP answer at all (the process did not answer). */
  status: number;
  retryAfter: string | null;
  body: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skip)('a PostgreSQL server that turns read-only or stops mid-load', () => {
  let postgres: PostgresServer | undefined;
  let started: Started | undefined;
  let dataDir: string;
  let port: number;
  let reviewId: number;

  beforeAll(async () => {
    postgres = await startPostgres();
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-outage-'));
    port = await freePort();
    started = start({
      DATABASE_URL: postgres.url,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...EVERY_CALL_TO_THE_DATABASE,
    });
    await waitForReady(port, started);
    const watch = (await (await fetch(`http://127.0.0.1:${port}${WATCH}`)).json()) as {
      results: { video: { clm_id: number } }[];
    };
    reviewId = watch.results[0]!.video.clm_id;
  }, 180_000);

  // The server has SHUTDOWN_GRACE_MS (10 s) to close; the hook waits past it, so a slow close
  // shows as a failed stop (not 0), not as a hook that ran out of time.
  afterAll(async () => {
    const code = await stop(started);
    postgres?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    // A stop that fails says why: the process's last lines.
    expect(code, started?.output().slice(-4000)).toBe(0);
  }, 30_000);

  /** Runs statements on the server as its superuser, beside the product. */
  async function onServer<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: postgres!.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  it('answers writes 503 and fails /readyz while the server is read-only, reads going on', async () => {
    const call = async (path: string, init: RequestInit = {}) => {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, init);
      return {
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        body: await answer.text(),
      };
    };
    const share = (code: string) =>
      call('/api/v2/trackers/share', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resourceId: reviewId, resourceType: 'review', referrerCode: code }),
      });
    await onServer('alter system set default_transaction_read_only = on');
    await onServer('select pg_reload_conf()');
    try {
      // The reload reaches each backend when its postmaster's signal does: a write on a pooled
      // connection that has not had it yet still lands (seen once in a full local run). Writes
      // are refused within a moment, and from then on.
      let refused = await share('read-only-1');
      for (let tries = 2; refused.status === 201 && tries <= 20; tries++) {
        await sleep(100);
        refused = await share(`read-only-${tries}`);
      }
      expect(refused.status).toBe(503);
      expect((await share('read-only-again')).status).toBe(503);
      expect(refused.retryAfter).toBe('5');
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'database_read_only' });
      const ready = await call('/readyz');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ fault: 'read_only' });
      expect((await call(WATCH)).status).toBe(200);
      expect((await call(PAGE)).status).toBe(200);
    } finally {
      await onServer('alter system reset default_transaction_read_only');
      await onServer('select pg_reload_conf()');
    }
    const writable = Date.now();
    let ready = await call('/readyz');
    while (ready.status !== 200 && Date.now() - writable < RECOVERY_MS) {
      await sleep(100);
      ready = await call('/readyz');
    }
    expect(ready.status, ready.body).toBe(200);
    expect((await share('writable-again')).status).toBe(201);
  });

  it('answers 503s meanwhile, recovers within 10 s of its return and loses no acknowledged write', async () => {
    const answers: Answer[] = [];
    const acknowledged: string[] = [];
    let writes = 0;
    const one = async (kind: Kind) => {
      const startedAt = Date.now();
      let init: RequestInit = {};
      let path = kind === 'read' ? WATCH : PAGE;
      const code = `outage-${++writes}`;
      if (kind === 'write') {
        path = '/api/v2/trackers/share';
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            resourceId: reviewId,
            resourceType: 'review',
            referrerCode: code,
          }),
        };
      }
      try {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`, init);
        const body = await answer.text();
        if (kind === 'write' && answer.status === 201) acknowledged.push(code);
        answers.push({
          kind,
          startedAt,
          endedAt: Date.now(),
          status: answer.status,
          retryAfter: answer.headers.get('retry-after'),
          body,
        });
      } catch (error) {
        answers.push({
          kind,
          startedAt,
          endedAt: Date.now(),
          status: 0,
          retryAfter: null,
          body: String(error),
        });
      }
    };
    let loading = true;
    const load = async (kind: Kind) => {
      while (loading) {
        await one(kind);
        await sleep(10);
      }
    };
    const workers = (['write', 'write', 'read', 'page'] as Kind[]).map(load);

    await sleep(1500);
    const stopping = Date.now();
    postgres!.stop('immediate');
    const stopped = Date.now();
    await sleep(3000);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const notReady = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('retry-after')).toBe('5');
    expect(await notReady.json()).toMatchObject({ error: 'not_ready', fault: 'unavailable' });

    const restarting = Date.now();
    postgres!.start();
    const back = Date.now();
    let readyAt = 0;
    while (!readyAt && Date.now() - back < RECOVERY_MS + 5_000) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (ready?.status === 200) readyAt = Date.now();
      else await sleep(100);
    }
    await sleep(1000);
    loading = false;
    await Promise.all(workers);

    // the process lived on, and every call had an answer of its kind
    expect(started!.child.exitCode).toBeNull();
    expect(answers.filter((answer) => answer.status === 0)).toEqual([]);
    const allowed: Record<Kind, number[]> = {
      write: [201, 503],
      read: [200, 503],
      page: [200, 503],
    };
    expect(answers.filter((answer) => !allowed[answer.kind].includes(answer.status))).toEqual([]);
    for (const answer of answers.filter((each) => each.status === 503)) {
      expect(answer.retryAfter).toBe('5');
      if (answer.kind === 'page') {
        expect(answer.body).toContain('<html');
        expect(answer.body).toContain('try this again');
      } else
        expect(JSON.parse(answer.body)).toEqual({
          error: 'database_unavailable',
          message: 'The database is not answering. Try again in a few seconds.',
        });
    }
    // while the server was down, every call of every kind answered 503
    const down = answers.filter(
      (answer) => answer.startedAt > stopped && answer.endedAt < restarting,
    );
    for (const kind of ['write', 'read', 'page'] as Kind[]) {
      const ofKind = down.filter((answer) => answer.kind === kind);
      expect(ofKind.length, kind).toBeGreaterThan(0);
      expect(new Set(ofKind.map((answer) => answer.status)), kind).toEqual(new Set([503]));
    }
    // writes were acknowledged before the stop and after the return
    expect(
      answers.some((a) => a.kind === 'write' && a.status === 201 && a.endedAt < stopping),
    ).toBe(true);
    expect(answers.some((a) => a.kind === 'write' && a.status === 201 && a.startedAt > back)).toBe(
      true,
    );

    expect(readyAt, 'ready again after the server came back').toBeGreaterThan(0);
    expect(readyAt - back).toBeLessThan(RECOVERY_MS);
    expect(started!.output()).toContain('database: The database is not answering.');

    // every acknowledged write is there
    const rows = await onServer<{ referrer_code: string }>(
      'select referrer_code from shares where referrer_code = any($1)',
      [acknowledged],
    );
    const stored = new Set(rows.map((row) => row.referrer_code));
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
  });
});
