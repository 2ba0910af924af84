import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';

/** A second server with a tiny write limit (the shared one allows many writes for the suite). */
describe('rate limits on writes', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-limits-'));
    const config = parseConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '3',
    });
    database = await openDatabase({});
    await database.migrate();
    app = await buildApp({ config, database, version: 'test' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 429 with a JSON error past the limit, and leaves reads alone', async () => {
    const share = () =>
      fetch(`${base}/api/v2/trackers/share`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resourceId: 1, resourceType: 'city', referrerCode: 'x' }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await share()).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await share();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await fetch(`${base}/api/v3/classifications/cuisines`)).status).toBe(200);
  });
});
