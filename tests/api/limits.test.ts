import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { authFlows } from '../../db/schema';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { freePort } from '../free-port';

/**
 * A server of its own with tiny budgets (the shared one allows the suite's many requests),
 * behind one trusted proxy: each test is a client of its own, named by the address the proxy
 * appends to X-Forwarded-For (docs/decisions/027-rate-limits.md).
 */
describe('rate limits', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  let base: string;
  /** Everything the server logged, as it wrote it (JSON lines). */
  const logged: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-limits-'));
    // At its own origin, so a sign-in really starts (against the bundled provider).
    const port = await freePort();
    const config = parseConfig({
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY_HOPS: '1',
      RATE_LIMIT_READS_PER_MINUTE: '5',
      RATE_LIMIT_SEARCHES_PER_MINUTE: '3',
      RATE_LIMIT_WRITES_PER_MINUTE: '3',
      RATE_LIMIT_SIGN_INS_PER_MINUTE: '2',
    });
    database = await openDatabase({});
    await database.migrate();
    const logStream = { write: (line: string) => void logged.push(line) };
    app = await buildApp({ config, database, version: 'test', logStream });
    await app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A request as the proxy passes it on: whatever the client wrote, then the client's address. */
  const as = (client: string, path: string, init: RequestInit = {}, forged = '198.51.100.1') =>
    fetch(base + path, {
      ...init,
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `${forged}, ${client}`,
        ...init.headers,
      },
    });
  const share = (client: string, forged?: string) =>
    as(
      client,
      '/api/v2/trackers/share',
      {
        method: 'POST',
        body: JSON.stringify({ resourceId: 1, resourceType: 'city', referrerCode: 'x' }),
      },
      forged,
    );
  const event = (client: string) =>
    as(client, '/api/events', {
      method: 'POST',
      body: JSON.stringify({ events: [] }),
    });
  const read = (client: string) => as(client, '/api/v3/classifications/cuisines');
  const search = (client: string, term: string) =>
    as(client, `/api/v2/search/wonder-search?search_type=global&term=${term}`);

  async function expectLimited(answer: Response) {
    expect(answer.status).toBe(429);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await answer.json()).toMatchObject({
      error: 'rate_limited',
      message: expect.stringMatching(/^Too many requests\. Please wait .+ and try again\.$/),
    });
  }

  it('gives a client one write budget across every write route', async () => {
    const client = '203.0.113.10';
    expect((await share(client)).status).not.toBe(429);
    expect((await event(client)).status).not.toBe(429);
    expect((await share(client)).status).not.toBe(429);
    await expectLimited(await event(client));
    await expectLimited(await share(client));
    // Another client's budget is its own.
    expect((await share('203.0.113.11')).status).not.toBe(429);
  });

  it('counts a client by the address the trusted proxy saw, whatever it forged before it', async () => {
    const client = '203.0.113.20';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await share(client, `10.9.8.${i}`)).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('limits reads, searches and starting a sign-in, each on its own budget', async () => {
    const client = '203.0.113.30';
    for (let i = 0; i < 5; i++) expect((await read(client)).status).toBe(200);
    await expectLimited(await read(client));
    // Searches have a budget of their own, spent by the search route only.
    for (const term of ['piz', 'taco', 'sushi'])
      expect((await search(client, term)).status).toBe(200);
    await expectLimited(await search(client, 'ramen'));
    for (let i = 0; i < 2; i++) expect((await as(client, '/auth/google/start')).status).toBe(302);
    // The sign-in popup shows a page saying so, not JSON.
    const popup = await as(client, '/auth/google/start');
    expect(popup.status).toBe(429);
    expect(popup.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await popup.text()).toContain('<h1>Slow down a little</h1>');
  });

  it('logs a refused request in one line at most, and a flood of them in a few bytes each', async () => {
    const client = '203.0.113.45';
    for (let i = 0; i < 5; i++) expect((await read(client)).status).toBe(200);
    const before = logged.length;
    const refused = await read(client);
    expect(refused.status).toBe(429);
    expect(logged.length - before).toBeLessThanOrEqual(1);
    // A flood: 1,500 more, 20 at a time. What it costs in the log, per refused request:
    const bytesBefore = logged.join('').length;
    let statuses: number[] = [];
    for (let wave = 0; wave < 75; wave++)
      statuses = statuses.concat(
        await Promise.all(Array.from({ length: 20 }, async () => (await read(client)).status)),
      );
    expect(statuses.filter((status) => status === 429)).toHaveLength(1_500);
    const perRefusal = (logged.join('').length - bytesBefore) / 1_500;
    // Measured: 10 bytes each; an access line for every one would be 340, and the three lines
    // each of before ADR 064 about 1,000.
    expect(perRefusal).toBeLessThan(40);
  });

  it('counts pages as reads, and never health checks or files', async () => {
    const client = '203.0.113.40';
    for (let i = 0; i < 8; i++) {
      expect((await as(client, '/readyz')).status).toBe(200);
      expect((await as(client, '/healthz')).status).toBe(200);
      expect((await as(client, '/media/qr/app-download.svg')).status).toBe(200);
    }
    for (let i = 0; i < 5; i++) expect((await as(client, '/')).status).not.toBe(429);
    // A person's page past the budget is a page saying so, with a link to try again.
    const refused = await as(client, '/chicago-il?from=x', { headers: { accept: 'text/html' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; /,
    );
    const html = await refused.text();
    expect(html).toContain('<h1>Slow down a little</h1>');
    expect(html).toContain('Too many requests. Please wait');
    expect(html).toContain('<a href="/chicago-il?from=x">Try again</a>');
    const elsewhere = await as(client, '//evil.example/x');
    expect(await elsewhere.text()).toContain('<a href="/">Try again</a>');
    // An unknown /api path (answered by the same catch-all route) stays JSON.
    await expectLimited(await as(client, '/api/v9/nothing'));
  });
});

describe('sign-in flows', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-flows-'));
    database = await openDatabase({});
    await database.migrate();
    // The bundled provider answers at the site's origin: the flows start against it.
    const port = await freePort();
    app = await buildApp({
      config: parseConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SITE_URL: `http://127.0.0.1:${port}`,
      }),
      database,
      version: 'test',
    });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets go of expired flows as new ones start, and keeps the live ones', async () => {
    const flow = (state: string, minutesAgo: number) => ({
      state,
      provider: 'google',
      nonce: 'n',
      codeVerifier: 'v',
      redirectUri: 'http://localhost:3000/auth/google/callback',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await database.db
      .insert(authFlows)
      .values([flow('old-1', 11), flow('old-2', 60), flow('live', 9)]);
    const starts = [];
    for (let i = 0; i < 3; i++) starts.push((await app.inject('/auth/google/start')).statusCode);
    expect(starts).toEqual([302, 302, 302]);
    const states = (await database.db.select({ state: authFlows.state }).from(authFlows)).map(
      (row) => row.state,
    );
    expect(states).toContain('live');
    expect(states).not.toContain('old-1');
    expect(states).not.toContain('old-2');
    expect(states).toHaveLength(4);
  });
});

describe('rate limits with no trusted proxy', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-limits-direct-'));
    const config = parseConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '3',
    });
    database = await openDatabase({});
    await database.migrate();
    app = await buildApp({ config, database, version: 'test' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ignores X-Forwarded-For: a rotating forged header is still one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v2/trackers/share',
        remoteAddress: '203.0.113.50',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
        payload: { resourceId: 1, resourceType: 'city', referrerCode: 'x' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
