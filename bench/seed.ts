/**
 * npm run bench:seed — seeds a fresh database and reports each stage's time, the peak memory and
 * a checksum of the seeded tables (the same world gives the same checksum, whatever the code that
 * wrote it). Not part of any test: a measuring tool (docs/decisions/037-views-at-scale.md).
 *
 *   DATABASE_URL=postgres://… SEED_SCALE=100 npm run bench:seed   (the database is emptied first)
 *   SEED_SCALE=10 npm run bench:seed                               (PGlite in a temporary folder)
 *
 * The clock of the seeded history (the owners' last 90 days) is pinned to BENCH_SEED_NOW
 * (default 2026-11-20T12:00:00Z), so two runs of the same scale compare equal.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed/run';

const scale = Number(process.env.SEED_SCALE ?? 1);
const databaseUrl = process.env.DATABASE_URL || undefined;
const now = new Date(process.env.BENCH_SEED_NOW ?? '2026-11-20T12:00:00Z');

/** Columns the database fills with now() (not part of the world), left out of the checksum. */
const CLOCK_COLUMNS: Record<string, string[]> = {
  locations: ['updated_at'],
  collections: ['created_at'],
  user_collections: ['created_at'],
  business_owners: ['created_at'],
  related_locations: ['computed_at'],
  seed_runs: ['finished_at', 'id'],
};
const TABLES = [
  'cities',
  'classifications',
  'city_classifications',
  'city_super_categories',
  'topic_pages',
  'users',
  'locations',
  'reviews',
  'review_reads',
  'shares',
  'location_follows',
  'tips',
  'related_locations',
  'collections',
  'collection_items',
  'user_collections',
  'user_collection_items',
  'business_owners',
  'seed_runs',
];

async function main() {
  // A folder for the media (and, embedded, the database), removed at the end.
  const dir = await mkdtemp(join(tmpdir(), 'spotreel-seed-'));
  const handle = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : join(dir, 'db'),
  });
  const started = Date.now();
  const mark = (what: string) =>
    console.log(
      `${what} (${((Date.now() - started) / 1000).toFixed(1)}s, load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, rss ${Math.round(process.memoryUsage().rss / 1048576)} MB)`,
    );
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 200);
  try {
    if (databaseUrl) {
      await handle.db.execute(sql.raw('drop schema if exists public cascade'));
      await handle.db.execute(sql.raw('drop schema if exists drizzle cascade'));
      await handle.db.execute(sql.raw('create schema public'));
    }
    await handle.migrate();
    mark('migrated');
    await seedDatabase(handle.db, {
      scale,
      mediaDir: join(dir, 'media'),
      log: (m) => mark(m),
      now,
    });
    mark(`seeded at scale ${scale}`);
    const sums: string[] = [];
    for (const table of TABLES) {
      const drop = (CLOCK_COLUMNS[table] ?? []).map((c) => ` - '${c}'`).join('');
      const result = await handle.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(j, E'\\n' order by j), '')) as sum
             from (select (to_jsonb(t)${drop})::text as j from ${table} t) x`,
        ),
      );
      const row = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows)[0] as {
        n: number;
        sum: string;
      };
      sums.push(row.sum);
      console.log(`  ${table.padEnd(22)} ${String(row.n).padStart(9)} rows  ${row.sum}`);
    }
    const { createHash } = await import('node:crypto');
    console.log(`checksum ${createHash('md5').update(sums.join(',')).digest('hex')}`);
    console.log(`peak rss ${Math.round(peakRss / 1048576)} MB`);
  } finally {
    clearInterval(sampler);
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
