import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EVERY_CALL_TO_THE_DATABASE,
  freePort,
  start,
  stop,
  waitForReady,
  type Started,
} from './npm-start';
import { canMount, mountTmpfs, skipWithoutMount, type Tmpfs } from './tmpfs';

/**
 * Storage faults are named and survived (docs/decisions/026-storage-faults.md), with real
 * processes on real file systems: a start on a data folder that cannot be written, or with a
 * PostgreSQL server that is not there, exits with one sentence naming the cause; a disk that
 * fills up under the embedded database fails /readyz and answers writes 503 while reads go on,
 * and the process is well again once space is freed. (The PostgreSQL server that stops
 * mid-load: postgres-outage.test.ts.)
 */

const servers: Started[] = [];
const mounts: Tmpfs[] = [];
async function stopAll() {
  for (const started of servers.splice(0)) await stop(started);
  for (const mount of mounts.splice(0)) mount.unmount();
}

/** The lines a start that failed wrote, without a rebuild's lines (npm start builds first). */
function failureLines(output: string): string[] {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const after = lines.findIndex((line) => line.startsWith('Spotreel cannot start'));
  return after === -1 ? lines : lines.slice(after);
}

/** Starts it and expects it to exit 1 with exactly one line: the sentence. */
async function expectRefusal(env: Record<string, string>, sentence: string | RegExp) {
  const started = start({ PORT: String(await freePort()), ...env });
  servers.push(started);
  expect(await started.exited, started.output()).toBe(1);
  const lines = failureLines(started.output());
  expect(lines, started.output()).toHaveLength(1);
  expect(lines[0]).toMatch(sentence);
  expect(started.output()).not.toMatch(/^\s+at /m);
}

afterEach(stopAll);

describe('a start that cannot use its storage', () => {
  it('names a PostgreSQL server of DATABASE_URL that is not there', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spotreel-unreachable-'));
    try {
      const port = await freePort();
      await expectRefusal(
        { DATABASE_URL: `postgres://spotreel@127.0.0.1:${port}/spotreel`, DATA_DIR: dataDir },
        `Spotreel cannot start: the PostgreSQL server of DATABASE_URL (127.0.0.1:${port}) refused the connection; is it running, on that port?`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  describe.skipIf(skipWithoutMount)('on a small file system (needs root to mount one)', () => {
    it('names a full data folder', async () => {
      const disk = mountTmpfs(2);
      mounts.push(disk);
      disk.fill();
      await expectRefusal(
        { DATA_DIR: disk.dir },
        `Spotreel cannot start: the data folder ${disk.dir} (DATA_DIR) is full (0 MB free); free some space on its disk or point DATA_DIR at a bigger one.`,
      );
    });

    it('names a data folder too full for the embedded database to open', async () => {
      // Room for the start's 1 MB probe, not for a new database (about 40 MB): PGlite itself
      // only says it "failed to initialize properly".
      const disk = mountTmpfs(12);
      mounts.push(disk);
      await expectRefusal(
        { DATA_DIR: disk.dir },
        new RegExp(
          `^Spotreel cannot start: the data folder ${disk.dir} \\(DATA_DIR\\) is full \\(\\d+ MB free\\); free some space`,
        ),
      );
    });

    it('names a read-only data folder, one that already holds a database too', async () => {
      const disk = mountTmpfs(2);
      mounts.push(disk);
      mkdirSync(join(disk.dir, 'db'));
      writeFileSync(join(disk.dir, 'db', 'PG_VERSION'), '17\n');
      disk.readOnly();
      await expectRefusal(
        { DATA_DIR: disk.dir },
        `Spotreel cannot start: the data folder ${disk.dir} (DATA_DIR) is read-only; mount it read-write or point DATA_DIR at a writable folder.`,
      );
    });
  });
});

interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

async function call(port: number, path: string, init: RequestInit = {}): Promise<Answer> {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, init);
  return {
    status: answer.status,
    retryAfter: answer.headers.get('retry-after'),
    body: await answer.text(),
  };
}

const WATCH = '/api/v4/global/watch?limit=10&result_type=global';
const PAGE = '/city/il/chicago';

describe.skipIf(skipWithoutMount)('the embedded database on a disk that fills up', () => {
  let disk: Tmpfs;
  let port: number;
  let reviewId: number;
  let started: Started;
  let shareCount = 0;
  const share = () =>
    call(port, '/api/v2/trackers/share', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        resourceId: reviewId,
        resourceType: 'review',
        referrerCode: `disk-${++shareCount}`,
      }),
    });

  beforeAll(async () => {
    if (!canMount) throw new Error('Mounting a tmpfs needs root: CI runs these tests as root');
    disk = mountTmpfs(200);
    port = await freePort();
    started = start({
      PORT: String(port),
      DATA_DIR: join(disk.dir, 'data'),
      ...EVERY_CALL_TO_THE_DATABASE,
    });
    await waitForReady(port, started);
    const watch = JSON.parse((await call(port, WATCH)).body) as {
      results: { video: { clm_id: number } }[];
    };
    reviewId = watch.results[0]!.video.clm_id;
    expect((await share()).status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await stop(started);
    disk?.unmount();
  });

  it('fails /readyz, answers writes 503 with Retry-After, and goes on serving reads', async () => {
    disk.fill();

    const ready = await call(port, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.retryAfter).toBe('5');
    expect(JSON.parse(ready.body)).toMatchObject({ error: 'not_ready', fault: 'full' });

    // A write fits in the pages the database has until one needs a new page.
    const answers: Answer[] = [];
    for (let i = 0; i < 5000 && answers.at(-1)?.status !== 503; i++) answers.push(await share());
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 503)).toEqual([]);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('5');
    expect(JSON.parse(refused.body)).toEqual({
      error: 'database_full',
      message:
        "The database's disk is full: it cannot store anything until space is freed. Try again in a while.",
    });
    // and again: the fault holds, and each write is refused the same way
    for (let i = 0; i < 20; i++) expect((await share()).status).toBe(503);

    expect((await call(port, WATCH)).status).toBe(200);
    const page = await call(port, PAGE);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Chicago');
    expect((await call(port, '/readyz')).status).toBe(503);
    expect((await call(port, '/healthz')).status).toBe(200);
    expect(started.output()).toContain(
      "database: The database's disk is full: it cannot store anything until space is freed.",
    );
  });

  it('is ready and takes writes again once space is freed, by itself', async () => {
    disk.unfill();
    const freed = Date.now();
    let ready = await call(port, '/readyz');
    while (ready.status !== 200 && Date.now() - freed < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await call(port, '/readyz');
    }
    expect(ready.status, ready.body).toBe(200);
    expect((await share()).status).toBe(201);
    expect(started.output()).toContain('database: answering and writing again');
    expect(started.child.exitCode).toBeNull();
  });
});
