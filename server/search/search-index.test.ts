import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { seedDatabase } from '../../db/seed/run';
import { mediaUrls } from '../media/urls';
import { SearchIndex, type SearchRequest } from './search-index';

/**
 * The index's sync (ADR 035, 039) on the embedded database, against `updated_at` as PostgreSQL
 * keeps it: to the microsecond, where a JavaScript Date keeps milliseconds.
 */
describe('SearchIndex sync', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  let index: SearchIndex;
  let placeId: number;
  // Every row changed at one time, in the past, with microseconds (as a seed's rows are).
  const SEEDED = '2026-01-02T03:04:05.123456Z';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-search-index-'));
    database = await openDatabase({});
    await database.migrate();
    await seedDatabase(database.db, { scale: 1, mediaDir: join(dataDir, 'media'), log: () => {} });
    await database.db.execute(sql`update locations set updated_at = ${SEEDED}::timestamptz`);
    await database.db.execute(sql`update users set updated_at = ${SEEDED}::timestamptz`);
    const first = (await database.db.execute(
      sql`select min(id) as id from locations`,
    )) as unknown as {
      rows: { id: number }[];
    };
    placeId = Number(first.rows[0]!.id);
    index = new SearchIndex(
      { db: database.db, media: mediaUrls('/media') },
      { syncMs: 3_600_000, log: { info: () => {}, warn: () => {}, error: () => {} } },
    );
    await index.start();
  }, 120_000);
  afterAll(async () => {
    await index?.stop();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const found = (term: string) =>
    (
      index.search({ term, include: ['locations'], limit: 5, sort: 'relevance' }).data.locations ??
      []
    ).map((p) => p.clm_id);

  it('reads no row again when nothing changed since the last change it saw', async () => {
    expect(index.ready).toBe(true);
    const before = index.syncedRows;
    await index.sync();
    await index.sync();
    expect(index.syncedRows - before).toBe(0);
  });

  it('picks up a second change of a row in the millisecond of the one it saw', async () => {
    // 123456 µs → 123789 µs: the same millisecond, a later change.
    await database.db.execute(
      sql`update locations set name = 'Quokka Zephyr Canteen', updated_at = '2026-01-02T03:04:05.123789Z'
          where id = ${placeId}`,
    );
    const before = index.syncedRows;
    await index.sync();
    expect(found('quokka zephyr')).toEqual([placeId]);
    // It read that row alone, and the next sync reads nothing.
    expect(index.syncedRows - before).toBe(1);
    await index.sync();
    expect(index.syncedRows - before).toBe(1);
  });

  /** An index that reads pages of four rows, built from the world as it is now. */
  async function smallIndex(logged: string[] = []) {
    const log = {
      info: (msg: string) => void logged.push(`info ${msg}`),
      warn: (_obj: object, msg: string) => void logged.push(`warn ${msg}`),
      error: (_obj: object, msg: string) => void logged.push(`error ${msg}`),
    };
    const small = new SearchIndex(
      { db: database.db, media: mediaUrls('/media') },
      { syncMs: 3_600_000, log, page: 4 },
    );
    await small.start();
    return small;
  }

  /** Renames ten places by one statement, so all ten share the time `at`; their ids. */
  async function renameTen(name: string, at: string, first: 'lowest' | 'highest') {
    const order = first === 'lowest' ? sql`id` : sql`id desc`;
    const renamed = (await database.db.execute(
      sql`update locations set name = ${name + ' '} || id, updated_at = ${at}::timestamptz
          where id in (select id from locations order by ${order} limit 10) returning id`,
    )) as unknown as { rows: { id: number }[] };
    return new Set(renamed.rows.map((r) => Number(r.id)));
  }

  const idsFound = (within: SearchIndex, term: string) =>
    new Set(
      within
        .search({ term, include: ['locations'], limit: 20, sort: 'relevance' })
        .data.locations?.map((p) => p.clm_id),
    );

  it('picks up every row of a change larger than a page, all made at one time', async () => {
    const small = await smallIndex();
    // Two pages and a half, at one time.
    const renamed = await renameTen('Wombat Quill', '2026-01-02T03:04:06.5Z', 'highest');
    await small.sync();
    expect(idsFound(small, 'wombat quill')).toEqual(renamed);
    await small.stop();
  }, 60_000);

  it('reads again, on the next pass, the pages of a pass that failed', async () => {
    const logged: string[] = [];
    const small = await smallIndex(logged);
    logged.length = 0;
    const renamed = await renameTen('Numbat Lantern', '2026-01-02T03:04:07.654321Z', 'lowest');
    // The database fails the pass's second page of places (the first, the newest, is read).
    const pages = small as unknown as { loadPlaces: (...args: unknown[]) => Promise<number[]> };
    const loadPlaces = pages.loadPlaces.bind(small);
    let calls = 0;
    pages.loadPlaces = (...args) => {
      calls += 1;
      return calls >= 2
        ? Promise.reject(new Error('Connection terminated unexpectedly'))
        : loadPlaces(...args);
    };
    // logged and swallowed, as the poll does: once, however many passes fail (ADR 062)
    for (let pass = 0; pass < 3; pass++) await small.sync();
    pages.loadPlaces = loadPlaces;
    await small.sync();
    expect(idsFound(small, 'numbat lantern')).toEqual(renamed);
    expect(logged).toEqual([
      'warn search index: sync failed: The database is not answering. Searches answer from the index as it was; it tries again every SEARCH_SYNC_MS.',
      expect.stringMatching(
        /^info search index: sync works again, after \d+ s and 3 failed tries$/,
      ),
    ]);
    await small.stop();
  }, 60_000);

  it('writes an /api answer as its JSON, the same again from the text it kept', async () => {
    // Names beyond ASCII (two-, three- and four-byte characters in UTF-8): a place's, a person's.
    await database.db.execute(
      sql`update locations set name = 'Crêpe Façade 東京 🍣', updated_at = '2026-01-02T03:04:09Z'
          where id = ${placeId}`,
    );
    await database.db.execute(
      sql`update users set username = 'zoeprobe', display_name = 'Zoë Ångström 東京',
          updated_at = '2026-01-02T03:04:09Z' where id = (select min(id) from users where id > 1)`,
    );
    await index.sync();
    const every = ['locations', 'users', 'cities', 'reviews'] as const;
    const asked: SearchRequest[] = [
      { term: 'crepe facade', include: [...every], limit: 5, sort: 'relevance' },
      { term: '@zoeprobe', include: [...every], limit: 5, sort: 'relevance' },
      { term: 'chicago', include: [...every], limit: 5, sort: 'relevance' },
      { term: 'coffe', include: ['locations', 'users'], limit: 3, sort: 'popularity' },
      // With the visitor's place, each place carries its distance: an object of this search's.
      {
        term: 'pizza',
        include: ['locations'],
        limit: 5,
        sort: 'distance',
        lat: 41.88,
        lon: -87.63,
      },
      { term: '', category: 'nightlife', include: ['locations'], limit: 3, sort: 'relevance' },
    ];
    for (const q of asked)
      for (const time of ['first', 'again'])
        expect(index.searchJson(q), `${q.term}, ${time}`).toBe(JSON.stringify(index.search(q)));
    // Each kind of answer was written: places with a distance and without, videos, people, cities.
    const [place, person, city] = asked.map((q) => index.search(q));
    expect(place!.data.locations?.[0]?.clm_name).toBe('Crêpe Façade 東京 🍣');
    expect(place!.data.reviews?.length).toBeGreaterThan(0);
    expect(person!.data.users?.[0]?.display_name).toBe('Zoë Ångström 東京');
    expect(city!.data.cities?.[0]?.clm_city).toBe('Chicago');
    expect(index.search(asked[4]!).data.locations?.[0]?.distance_km).toEqual(expect.any(Number));
  });
});
