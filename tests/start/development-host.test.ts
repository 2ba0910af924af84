import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../raw-get';
import { freePort, start, stop, waitForReady, type Started } from './npm-start';

/**
 * `npm start` in development (docs/decisions/066-conveniences-on-loopback.md): it listens on this
 * machine only unless HOST says otherwise, and on another HOST the bundled identity provider, its
 * test accounts and /api/events/mine answer this machine only, which the start log says.
 */
const VISITOR = { cookie: 'distinct_id=dev-host-test-visitor-01' };

/** This machine's first address other machines could reach, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** Whether anything accepts a connection at this address and port. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.on('connect', () => resolve(true) === undefined && socket.destroy());
    socket.on('error', () => resolve(false));
  });

/** What each convenience answers a client at `host` (with these headers). */
async function conveniences(host: string, port: number, headers: Record<string, string> = {}) {
  const origin = `http://${host}:${port}`;
  const discovery = await rawGet(origin, '/idp/google/.well-known/openid-configuration', headers);
  const popup = await rawGet(origin, '/auth/google/start', headers);
  const mine = await rawGet(origin, '/api/events/mine', {
    ...headers,
    ...VISITOR,
    'content-type': 'application/json',
  });
  return {
    discovery: discovery.status,
    // the popup sends the person on to the provider's account picker, or says there is none
    toProvider: /\/idp\/google\/auth\?/.test(String(popup.headers.location ?? '')),
    notSupported: popup.text.includes('Provider google not supported'),
    mine: mine.status,
  };
}

describe('npm start in development', () => {
  let dataDir: string;
  let started: Started | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-dev-host-'));
  });
  afterAll(async () => {
    await stop(started);
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('listens on this machine only when HOST is not set', async () => {
    const port = await freePort();
    started = start({ PORT: String(port), DATA_DIR: dataDir, HOST: '' });
    await waitForReady(port, started);
    expect(started.output()).toContain(`listening on 127.0.0.1:${port}`);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('127.0.0.2', port)).toBe(false);
    if (outsideAddress) expect(await accepts(outsideAddress, port)).toBe(false);
    expect(started.output()).not.toContain('answer this machine (loopback) only');
    expect(await stop(started)).toBe(0);
  }, 180_000);

  it('on another HOST, keeps the provider, its accounts and /api/events/mine to this machine', async () => {
    const port = await freePort();
    started = start({
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '0.0.0.0',
      TRUST_PROXY_HOPS: '1',
    });
    await waitForReady(port, started);
    expect(started.output()).toContain(
      'HOST=0.0.0.0 lets other machines in: the bundled identity provider, its test accounts and /api/events/mine answer this machine (loopback) only',
    );
    const here = { discovery: 200, toProvider: true, notSupported: false, mine: 200 };
    const elsewhere = { discovery: 404, toProvider: false, notSupported: true, mine: 404 };
    expect(await conveniences('127.0.0.1', port)).toEqual(here);
    // a client another machine, as the proxy in front says
    expect(await conveniences('127.0.0.1', port, { 'x-forwarded-for': '203.0.113.9' })).toEqual(
      elsewhere,
    );
    // and a client that reaches this machine's own network address
    if (outsideAddress) expect(await conveniences(outsideAddress, port)).toEqual(elsewhere);
    // the product itself answers everyone
    expect(
      (await rawGet(`http://127.0.0.1:${port}`, '/', { 'x-forwarded-for': '203.0.113.9' })).status,
    ).toBe(200);
    expect(await stop(started)).toBe(0);
  }, 180_000);
});
