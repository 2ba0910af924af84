import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_CLIENT_RATE_LIMITS } from '../../server/config';
import { freePort, start, stop, waitForReady, type Started } from './npm-start';

/**
 * Slow clients (docs/decisions/065-slow-clients.md): a few hundred POSTs from one address that
 * send their headers and then a byte a second, never finishing their body. Every one is closed
 * in time (a 408 past REQUEST_TIMEOUT_MS, or at once past the per-address cap), a client at
 * another address is served quickly meanwhile, and the process's open files come back down.
 */
const SLOW = 300;
const CAP = 128;
const REQUEST_TIMEOUT_MS = 3_000;
/** Node looks for requests past their timeout once a second (server/connections.ts). */
const CLOSED_WITHIN_MS = REQUEST_TIMEOUT_MS + 1_000 + 1_500;

interface SlowResult {
  openedAt: number;
  closedAt: number;
  firstLine: string;
}

/** One slow request from 127.0.0.1: headers, then a byte of its body each second, forever. */
function slowPost(port: number): Promise<SlowResult> {
  return new Promise((resolve) => {
    const openedAt = Date.now();
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
    let answer = '';
    const drip = setInterval(() => socket.writable && socket.write(' '), 1_000);
    socket.on('connect', () =>
      socket.write(
        'POST /api/biz/claims HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 4000\r\n\r\n{',
      ),
    );
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ openedAt, closedAt: Date.now(), firstLine: answer.split('\r\n')[0] ?? '' });
    });
  });
}

/** A GET from another address (127.0.0.2), on a connection of its own: its time in ms. */
function timedGet(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const begun = performance.now();
    const call = request(
      { port, host: '127.0.0.1', localAddress: '127.0.0.2', path, agent: false },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - begun)
            : reject(new Error(`${path}: ${response.statusCode}`)),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** The host process (scripts/start.mjs's child) and how many files it has open. */
function hostPid(started: Started): number {
  const launcher = started.child.pid!;
  const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim();
  return Number(children.split(' ')[0]);
}
const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

describe.skipIf(process.platform !== 'linux')('slow clients', () => {
  let dataDir: string;
  let started: Started | undefined;
  let port: number;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-slow-'));
    port = await freePort();
    started = start({
      PORT: String(port),
      DATA_DIR: dataDir,
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: '2000',
      // the other client asks as fast as it is answered
      ...ONE_CLIENT_RATE_LIMITS,
    });
    await waitForReady(port, started);
    // the first start seeds the world: a while on a busy machine
  }, 180_000);
  afterAll(async () => {
    await stop(started);
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('closes every slow request in time, serves others meanwhile, and frees its files', async () => {
    const host = hostPid(started!);
    const paths = ['/api/v4/global/watch?limit=10&result_type=global', '/city/il/chicago', '/'];
    for (const path of paths) await timedGet(port, path); // warm
    const filesBefore = openFiles(host);

    const slow = Array.from({ length: SLOW }, () => slowPost(port));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const filesDuring = openFiles(host);
    const times: number[] = [];
    const until = Date.now() + REQUEST_TIMEOUT_MS;
    for (let i = 0; Date.now() < until; i++) times.push(await timedGet(port, paths[i % 3]!));
    const results = await Promise.all(slow);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const filesAfter = openFiles(host);

    const timedOut = results.filter((r) => r.firstLine === 'HTTP/1.1 408 Request Timeout');
    const refused = results.filter((r) => r.firstLine === '');
    expect(timedOut.length + refused.length).toBe(SLOW);
    expect(timedOut.length).toBeGreaterThanOrEqual(CAP - 8);
    expect(timedOut.length).toBeLessThanOrEqual(CAP);
    for (const r of refused) expect(r.closedAt - r.openedAt).toBeLessThan(1_000);
    for (const r of results) expect(r.closedAt - r.openedAt).toBeLessThan(CLOSED_WITHIN_MS);

    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)]!;
    expect(times.length).toBeGreaterThan(20);
    expect(p95, `p95 of ${times.length} requests from another address`).toBeLessThan(100);

    expect(filesDuring).toBeGreaterThan(filesBefore + CAP / 2);
    expect(filesAfter).toBeLessThanOrEqual(filesBefore + 4);
    // the refusals past the cap are counted, not logged one by one
    expect(started!.output().match(/past the cap/g) ?? []).toHaveLength(0);
  });
});
