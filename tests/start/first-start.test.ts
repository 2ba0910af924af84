import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm start` as a new user runs it: build if needed, migrate, seed once, serve, stop on SIGTERM. */
interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, LOG_FORMAT: 'json', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForReady(port: number, started: Started): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`never ready:\n${started.output()}`);
}

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
    const started = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForReady(port, started);
    expect(started.output()).toContain('seed: done');

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

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('shut down cleanly');
  });

  it('does not seed again on the next start', async () => {
    const port = await freePort();
    const started = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForReady(port, started);
    expect(started.output()).not.toContain('seed:');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it('refuses to start with bad configuration, naming each bad value', async () => {
    const started = start({ PORT: 'eighty', SEED_SCALE: 'lots', DATA_DIR: dataDir });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('PORT="eighty"');
    expect(started.output()).toContain('SEED_SCALE="lots"');
  });
});
