import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { seedDatabase } from '../../db/seed/run';
import { etagOf } from '../etag';
import type { SearchRequest } from './search-index';
import { SearchThread } from './search-thread';

/**
 * The search index in its own thread (docs/decisions/045-search-thread.md), on the embedded
 * database, whose queries the thread asks of this one: it builds, answers as objects and as the
 * same JSON text, and when its thread dies it says it is no longer ready (searches use SQL) and
 * fails what was asked, instead of leaving a request waiting.
 */
describe('SearchThread', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-search-thread-'));
    database = await openDatabase({});
    await database.migrate();
    await seedDatabase(database.db, { scale: 1, mediaDir: join(dataDir, 'media'), log: () => {} });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An /api answer's text; its ETag must be that of its bytes (ADR 053). */
  const jsonOf = async (thread: SearchThread, asked: SearchRequest) => {
    const { body, etag } = await thread.searchJson(asked);
    expect(etag).toBe(etagOf(body));
    return body.toString('utf8');
  };

  const request: SearchRequest = {
    term: 'sushi',
    include: ['locations'],
    limit: 3,
    sort: 'relevance',
  };

  it('answers from its own thread, and turns not ready when the thread dies', async () => {
    const errors: string[] = [];
    const thread = new SearchThread({
      mediaBaseUrl: '/media',
      syncMs: 60_000,
      embeddedQuery: database.embeddedQuery,
      log: { info: () => {}, warn: () => {}, error: (_obj, msg) => errors.push(msg) },
    });
    try {
      await thread.start();
      expect(thread.ready).toBe(true);
      const objects = await thread.search(request);
      expect(objects.data.locations?.length).toBe(3);
      expect(await jsonOf(thread, request)).toBe(JSON.stringify(objects));
      // again, from the text it kept
      expect(await jsonOf(thread, request)).toBe(JSON.stringify(objects));
      // Every kind of answer: each type, a distance (a new object per search), nothing to
      // search for, a filter that names nothing.
      for (const other of [
        { ...request, include: ['locations', 'users', 'cities', 'reviews'] },
        { ...request, term: 'pizza', sort: 'distance', lat: 41.88, lon: -87.63 },
        { ...request, term: '%%' },
        { ...request, category: 'no-such-kind' },
        { ...request, term: 'chicago', include: ['cities', 'users'] },
      ] satisfies SearchRequest[]) {
        const expected = JSON.stringify(await thread.search(other));
        expect(await jsonOf(thread, other)).toBe(expected);
        expect(await jsonOf(thread, other)).toBe(expected);
      }
      await thread.sync();

      // Its thread ends as a crash would end it.
      await (thread as unknown as { worker: Worker }).worker.terminate();
      await expect.poll(() => thread.ready).toBe(false);
      expect(errors).toContain('search index: its thread stopped; searches use SQL');
      await expect(thread.search(request)).rejects.toThrow('not running');
    } finally {
      await thread.stop();
    }
  }, 60_000);

  it('answers the searches already asked when it stops; those asked after fail', async () => {
    const thread = new SearchThread({
      mediaBaseUrl: '/media',
      syncMs: 60_000,
      embeddedQuery: database.embeddedQuery,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    try {
      await thread.start();
      const expected = JSON.stringify(await thread.search(request));
      // Asked, and the server stops before the answer is back (a request in flight at shutdown).
      const inFlight = [thread.searchJson(request), thread.searchJson(request)];
      await thread.stop();
      for (const answer of inFlight) expect((await answer).body.toString('utf8')).toBe(expected);
      expect(thread.ready).toBe(false);
      await expect(thread.searchJson(request)).rejects.toThrow('not running');
    } finally {
      await thread.stop();
    }
  }, 60_000);
});
