import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, start, stop, waitForReady } from './npm-start';

/** `npm start` as a new user runs it: build if needed, migrate, seed once, serve, stop on SIGTERM. */
describe('npm start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds on first start, serves the world, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    // Started with no umask at all: the data folder is private anyway (ADR 061).
    const umask = process.umask(0);
    const started = start({ PORT: String(port), DATA_DIR: dataDir });
    process.umask(umask);
    await waitForReady(port, started);
    expect(started.output()).toContain('seed: done');
    const shared = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter(
      (entry) => (statSync(join(entry.parentPath, entry.name)).mode & 0o077) !== 0,
    );
    expect(shared.map((entry) => join(entry.parentPath, entry.name))).toEqual([]);

    const watch = await fetch(
      `http://127.0.0.1:${port}/api/v4/global/watch?limit=10&result_type=global`,
    );
    const body = (await watch.json()) as {
      results: { video: { video: { mp4_url: string; poster_url: string } } }[];
    };
    expect(body.results).toHaveLength(10);
    for (const { video } of body.results) {
      for (const url of [video.video.mp4_url, video.video.poster_url]) {
        expect((await fetch(`http://127.0.0.1:${port}${url}`)).status).toBe(200);
      }
    }
    expect(started.output()).toMatch(/"reqId":"[^"]+"/);

    expect(await stop(started)).toBe(0);
    expect(started.output()).toContain('shut down cleanly');
  });

  it('does not seed again on the next start', async () => {
    const port = await freePort();
    const started = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForReady(port, started);
    expect(started.output()).not.toContain('seed:');
    expect(await stop(started)).toBe(0);
  });

  it('refuses to start with bad configuration, naming each bad value', async () => {
    const started = start({ PORT: 'eighty', SEED_SCALE: 'lots', DATA_DIR: dataDir });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('PORT="eighty"');
    expect(started.output()).toContain('SEED_SCALE="lots"');
  });
});
