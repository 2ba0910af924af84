import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { addToDailyStats, rebuildLocationDailyStats } from '../../db/derived';
import {
  maintainPartitions,
  monthStart,
  partitionName,
  partitionsOf,
  PARTITIONED_TABLES,
} from '../../db/partitions';
import { projectRoot } from '../../db/project-root';
import { ownDatabaseUrl } from './own-database';

/**
 * Views, shares and events in monthly partitions, and the daily rollup the dashboard reads
 * (docs/decisions/037-views-at-scale.md): the migration that moves existing rows, the
 * maintenance that makes months ahead and drops months past retention, and the rollup. On
 * PGlite, or on the PostgreSQL server of TEST_DATABASE_URL (scripts/with-postgres.sh).
 */

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The migrations up to (not with) `tag`, in a folder of their own. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'spotreel-migrations-'));
  await cp(join(projectRoot(), 'db', 'migrations'), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

const DAY = 24 * 3600 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

let handle: DatabaseHandle;
let handleUrl: string | undefined;
const now = new Date();
const lastYear = new Date(monthStart(now, -12).getTime() + 3 * DAY + 5 * 3600 * 1000);
const lastMonth = new Date(monthStart(now, -1).getTime() + 9 * DAY + 7 * 3600 * 1000);
let oldMigrations: string;

const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await handle.db.execute(query))[0]?.n ?? 0);

beforeAll(async () => {
  handleUrl = await ownDatabaseUrl('partitions');
  handle = await openDatabase({ databaseUrl: handleUrl });
  // The schema as it was before partitioning, with rows in it: a deployment upgrading.
  oldMigrations = await migrationsBefore('0008_views_at_scale');
  if (handle.kind === 'pglite')
    await migratePglite(handle.db as unknown as PgliteDatabase, {
      migrationsFolder: oldMigrations,
    });
  else await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: oldMigrations });
  await handle.db.execute(sql`
    insert into cities (id, service_id, name, state, state_name, lat, lon, slug, state_slug, city_slug, time_zone)
    values (1, 'city-tx-austin', 'Austin', 'TX', 'Texas', 30.27, -97.74, 'austin-tx', 'tx', 'austin', 'America/Chicago')`);
  await handle.db.execute(sql`
    insert into users (id, username, display_name, vanity_url, avatar_url) values (1, 'u', 'U', 'u', 'avatars/u.svg')`);
  await handle.db.execute(sql`
    insert into locations (id, name, label, slug, address, neighborhood, city_id, zip, lat, lon, phone,
                           prompt, description, hours, super_categories, classification_ids)
    values (10, 'A', 'Cafe', 'a-10', '1 Main St', 'Downtown', 1, '78701', 30.27, -97.74, '(512) 555-0100',
            'p', 'd', '[]'::jsonb, '{dining}', '{}'),
           (20, 'B', 'Shop', 'b-20', '2 Main St', 'Downtown', 1, '78701', 30.27, -97.74, '(512) 555-0101',
            'p', 'd', '[]'::jsonb, '{shopping}', '{}')`);
  await handle.db.execute(sql`
    insert into reviews (id, location_id, city_id, author_id, caption, clip, duration_ms, width, height)
    values (100, 10, 1, 1, 'c', 'pizzeria', 10000, 720, 1280),
           (200, 20, 1, 1, 'c', 'bookstore', 10000, 720, 1280)`);
  // Old rows: one device read video 100 last year and last month; a share of each kind.
  await handle.db.execute(sql`
    insert into review_reads (review_id, device_id, watched_duration_ms, first_read_at, last_read_at)
    values (100, 'web-old-1', 4000, ${lastYear.toISOString()}, ${lastYear.toISOString()}),
           (100, 'web-old-2', 6000, ${lastMonth.toISOString()}, ${lastMonth.toISOString()}),
           (200, 'web-old-3', null, ${lastMonth.toISOString()}, ${lastMonth.toISOString()})`);
  await handle.db.execute(sql`
    insert into shares (resource_type, resource_id, referrer_code, created_at)
    values ('location', 10, 'r1', ${lastMonth.toISOString()}),
           ('review', 100, 'r2', ${lastMonth.toISOString()}),
           ('city', 1, 'r3', ${lastMonth.toISOString()})`);
  await handle.db.execute(sql`
    insert into analytics_events (name, distinct_id, path, occurred_at, received_at)
    values ('page_view', 'visitor-1', '/', ${lastYear.toISOString()}, ${lastYear.toISOString()}),
           ('page_view', 'visitor-1', '/a', ${lastMonth.toISOString()}, ${lastMonth.toISOString()})`);
  // Now the upgrade: the partitioning migration, then the start's maintenance.
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await handle?.close();
  if (oldMigrations) await rm(oldMigrations, { recursive: true, force: true });
});

describe('the partitioning migration', () => {
  it('makes the tables partitioned, with a partition for every kept month and two ahead', async () => {
    for (const spec of PARTITIONED_TABLES) {
      const kind = rowsOf<{ kind: string }>(
        await handle.db.execute(
          sql`select relkind as kind from pg_class where relname = ${spec.table}`,
        ),
      )[0]?.kind;
      expect(kind, spec.table).toBe('p');
      const months = await partitionsOf(handle.db, spec.table);
      const expected = Array.from({ length: spec.retainMonths + spec.aheadMonths + 1 }, (_, i) =>
        partitionName(spec.table, monthStart(now, i - spec.retainMonths)),
      );
      expect(months, spec.table).toEqual(expected);
    }
  });

  it('moves the rows, keeps the ids going, and drops what is past retention', async () => {
    // Raw views keep three months: last year's read went with its partition.
    expect(await count(sql`select count(*)::int as n from review_reads`)).toBe(2);
    expect(
      rowsOf<{ read_on: string }>(
        await handle.db.execute(
          sql`select to_char(read_on, 'YYYY-MM-DD') as read_on from review_reads where device_id = 'web-old-2'`,
        ),
      )[0]?.read_on,
    ).toBe(isoDay(lastMonth));
    expect(await count(sql`select count(*)::int as n from shares`)).toBe(3);
    // Events keep thirteen months: last year's is still there.
    expect(await count(sql`select count(*)::int as n from analytics_events`)).toBe(2);
    const [share] = rowsOf<{ id: number }>(
      await handle.db.execute(sql`
        insert into shares (resource_type, resource_id, referrer_code) values ('location', 10, 'r4')
        returning id`),
    );
    expect(Number(share?.id)).toBe(4);
  });

  it('fills the rollup from the old rows, last year included', async () => {
    const stats = rowsOf<{
      location_id: number;
      day: string;
      views: number;
      watched_ms: string;
      shares: number;
    }>(
      await handle.db.execute(sql`
        select location_id, to_char(day, 'YYYY-MM-DD') as day, views, watched_ms, shares
          from location_daily_stats order by location_id, day`),
    ).map((row) => ({ ...row, watched_ms: Number(row.watched_ms) }));
    expect(stats).toEqual([
      { location_id: 10, day: isoDay(lastYear), views: 1, watched_ms: 4000, shares: 0 },
      // a share of the place and one of its video; a city's share counts on no place
      { location_id: 10, day: isoDay(lastMonth), views: 1, watched_ms: 6000, shares: 2 },
      { location_id: 20, day: isoDay(lastMonth), views: 1, watched_ms: 0, shares: 0 },
    ]);
  });
});

describe('partition maintenance', () => {
  it('does nothing more when run again', async () => {
    expect(await maintainPartitions(handle.db)).toEqual({ created: [], dropped: [], kept: [] });
  });

  it('months later: makes the months ahead and drops those past retention, rows with them', async () => {
    const later = new Date(monthStart(now, 5).getTime() + 2 * DAY);
    const done = await maintainPartitions(handle.db, { now: later });
    expect(done.kept).toEqual([]);
    for (const spec of PARTITIONED_TABLES) {
      const months = await partitionsOf(handle.db, spec.table);
      expect(months.at(0), spec.table).toBe(
        partitionName(spec.table, monthStart(later, -spec.retainMonths)),
      );
      expect(months.at(-1), spec.table).toBe(
        partitionName(spec.table, monthStart(later, spec.aheadMonths)),
      );
    }
    expect(done.created).toContain(partitionName('review_reads', monthStart(later, 2)));
    expect(done.dropped).toContain(partitionName('review_reads', monthStart(now, -1)));
    // Last month's raw reads are gone five months on; the rollup of their day is not.
    expect(await count(sql`select count(*)::int as n from review_reads`)).toBe(0);
    expect(
      await count(
        sql`select views as n from location_daily_stats where location_id = 10 and day = ${isoDay(lastMonth)}::date`,
      ),
    ).toBe(1);
    // A write in the new month lands in its partition.
    await handle.db.execute(sql`
      insert into review_reads (review_id, device_id, read_on) values (100, 'web-later', ${isoDay(later)}::date)`);
    expect(
      await count(
        sql`select count(*)::int as n from ${sql.raw(`"${partitionName('review_reads', monthStart(later))}"`)}`,
      ),
    ).toBe(1);
  });
});

describe('partition maintenance beside a long reader (PostgreSQL)', () => {
  // The embedded database has one connection: nobody else can hold a lock there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'waits at most its lock timeout to make a month, makes nothing, and makes it next time',
    async () => {
      const reader = new pg.Client({ connectionString: handleUrl! });
      await reader.connect();
      const muchLater = new Date(monthStart(now, 9).getTime() + 2 * DAY);
      try {
        await reader.query('begin');
        await reader.query('select count(*) from shares');
        const started = Date.now();
        const blocked = await maintainPartitions(handle.db, { now: muchLater, lockTimeoutMs: 300 });
        expect(Date.now() - started).toBeLessThan(5000);
        expect(blocked.created).toEqual([]);
      } finally {
        await reader.query('rollback').catch(() => {});
        await reader.end();
      }
      const done = await maintainPartitions(handle.db, { now: muchLater, lockTimeoutMs: 300 });
      expect(done.created).toContain(partitionName('shares', monthStart(muchLater, 2)));
    },
  );
});

describe('the daily rollup', () => {
  it('adds what each write adds, and a rebuild from the raw rows gives the same numbers', async () => {
    const today = isoDay(now);
    await maintainPartitions(handle.db);
    await handle.db.execute(sql`
      insert into review_reads (review_id, device_id, read_on, watched_duration_ms)
      values (200, 'web-r1', ${today}::date, 3000), (200, 'web-r2', ${today}::date, 1000)`);
    await addToDailyStats(handle.db, 20, today, { views: 2, watchedMs: 4000 });
    await handle.db.execute(sql`
      insert into shares (resource_type, resource_id, referrer_code) values ('review', 200, 'r5')`);
    await addToDailyStats(handle.db, 20, today, { shares: 1 });
    const read = async () =>
      rowsOf<{ views: number; watched_ms: string; shares: number }>(
        await handle.db.execute(sql`
          select views, watched_ms, shares from location_daily_stats
           where location_id = 20 and day = ${today}::date`),
      ).map((row) => ({ ...row, watched_ms: Number(row.watched_ms) }));
    const added = await read();
    expect(added).toEqual([{ views: 2, watched_ms: 4000, shares: 1 }]);
    await rebuildLocationDailyStats(handle.db, {
      from: today,
      to: isoDay(new Date(now.getTime() + DAY)),
    });
    expect(await read()).toEqual(added);
  });
});
