import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../raw-get';
import { freePort, start, stop, waitForReady, type Started } from './npm-start';

/**
 * `npm start` in production mode on the embedded database
 * (docs/decisions/022-production-conveniences.md): a development convenience answers only when
 * the operator names it, and then the start log says so loudly; a request's Host or
 * X-Forwarded-Host lands in nothing the site writes, even with TRUST_PROXY_HOPS set.
 */
const AUTH_SECRET = 'start-test-secret-of-at-least-32-characters';
const CONVENIENCES = {
  LOCAL_IDP: 'on',
  TEST_HOOKS: 'true',
  EVENTS_MINE: 'on',
  BENCH_BASELINE: 'true',
};
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'gopher',
};
const FORGED_TEXT = /evil\.example|attacker\.example|gopher:/;
/** A distinct id of the pages' shape, so /api/events/mine has someone to answer for. */
const VISITOR = { cookie: 'distinct_id=start-test-visitor-01' };

const get = (port: number, path: string, headers: Record<string, string> = {}) =>
  rawGet(`http://127.0.0.1:${port}`, path, headers);

/** The warnings of the start log (pino's JSON lines, level 40). */
const warnings = (started: Started) =>
  started
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level === 40)
    .map((line) => line.msg);

/** Every server these tests start: stopped after its tests, or at the end if its start timed out. */
const servers: Started[] = [];

async function stopAll() {
  for (const started of servers.splice(0)) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) continue;
    expect(await stop(started)).toBe(0);
  }
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spotreel-production-'));
});
afterAll(async () => {
  await stopAll();
  await rm(dataDir, { recursive: true, force: true });
});

/** The first start seeds the world, which takes a while on a busy machine. */
const STARTING_MS = 180_000;

/** Production settings on a free port, its SITE_URL that port on loopback. */
async function production(env: Record<string, string> = {}) {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const started = start({
    NODE_ENV: 'production',
    AUTH_SECRET,
    SITE_URL: site,
    TRUST_PROXY_HOPS: '1',
    PORT: String(port),
    DATA_DIR: dataDir,
    // Unset (an empty value counts as unset) unless the test names them.
    ...Object.fromEntries(Object.keys(CONVENIENCES).map((name) => [name, ''])),
    ...env,
  });
  servers.push(started);
  await waitForReady(port, started);
  return { port, site, started };
}

describe('npm start in production', () => {
  it('refuses to start without SITE_URL, saying what it is for', async () => {
    const port = String(await freePort());
    const started = start({
      NODE_ENV: 'production',
      AUTH_SECRET,
      SITE_URL: '',
      PORT: port,
      DATA_DIR: dataDir,
    });
    servers.push(started);
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(
      "SITE_URL is required in production: the site's public origin, like https://spotreel.app",
    );
  });

  describe('with no convenience named', () => {
    let server: Awaited<ReturnType<typeof production>>;
    beforeAll(async () => {
      server = await production();
    }, STARTING_MS);
    // One server at a time on the data folder (PGlite is one process's database).
    afterAll(stopAll);

    it('says nothing of a demo', () => {
      expect(warnings(server.started).filter((line) => line.startsWith('DEMO:'))).toEqual([]);
    });

    it('serves neither the bundled identity provider nor its test accounts', async () => {
      // /idp/* is only a path of the web app then: a page, no provider's discovery document.
      const discovery = await get(server.port, '/idp/google/.well-known/openid-configuration');
      expect(discovery.headers['content-type']).toMatch(/^text\/html/);
      expect(discovery.text).not.toContain('"issuer"');
      // No provider at all: the popup says so (spec §8's text) instead of offering test accounts.
      const popup = await get(server.port, '/auth/google/start');
      expect(popup.status).toBe(200);
      expect(popup.text).toContain('Provider google not supported');
    });

    it('serves neither /api/events/mine nor the benchmark endpoints', async () => {
      expect((await get(server.port, '/api/events/mine', VISITOR)).status).toBe(404);
      expect((await get(server.port, '/api/_bench/baseline?bytes=100')).status).toBe(404);
    });

    it('ignores the test hooks', async () => {
      const page = await get(server.port, '/?__throw=render');
      expect(page.status).toBe(200);
    });

    it('writes SITE_URL, never a forged Host, in pages, robots.txt and sitemaps', async () => {
      for (const path of [
        '/?forged=1',
        '/city/il/chicago?forged=1',
        '/robots.txt',
        '/sitemap.xml',
      ]) {
        const answer = await get(server.port, path, FORGED);
        expect(answer.status, path).toBe(200);
        expect(answer.text, path).toContain(`${server.site}/`);
        expect(answer.text, path).not.toMatch(FORGED_TEXT);
      }
    });
  });

  describe('with every convenience named (a demo)', () => {
    let server: Awaited<ReturnType<typeof production>>;
    beforeAll(async () => {
      server = await production(CONVENIENCES);
    }, STARTING_MS);
    afterAll(stopAll);

    it('warns once for each in the start log', () => {
      const demo = warnings(server.started).filter((line) => line.startsWith('DEMO:'));
      expect(demo).toHaveLength(4);
      for (const [name, value] of Object.entries(CONVENIENCES))
        expect(
          demo.filter((line) => line.includes(`(${name}=${value})`)),
          name,
        ).toHaveLength(1);
      expect(demo).toContain(
        'DEMO: the bundled identity provider is ON in production (LOCAL_IDP=on) — anyone can sign in as a test account, business owners included, without a password',
      );
    });

    it('serves each of them', async () => {
      const popup = await get(server.port, '/auth/google/start');
      expect(popup.status).toBe(302);
      expect(popup.headers.location).toMatch(new RegExp(`^${server.site}/idp/google/auth\\?`));
      expect((await get(server.port, '/api/events/mine', VISITOR)).status).toBe(200);
      expect((await get(server.port, '/api/_bench/baseline?bytes=100')).status).toBe(200);
      expect((await get(server.port, '/?__throw=render')).status).toBe(500);
    });

    it("writes SITE_URL, never a forged Host, in the identity provider's discovery document", async () => {
      const answer = await get(server.port, '/idp/google/.well-known/openid-configuration', FORGED);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toMatch(FORGED_TEXT);
      const discovery = JSON.parse(answer.text) as Record<string, string>;
      expect(discovery.issuer).toBe(`${server.site}/idp/google`);
      expect(discovery.authorization_endpoint).toBe(`${server.site}/idp/google/auth`);
      expect(discovery.jwks_uri).toMatch(new RegExp(`^${server.site}/idp/google/`));
    });
  });
});
