import { chmod, copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { rebuildLocationDailyStats, refreshDerivedCounts } from '../derived';
import { projectRoot } from '../project-root';
import { inQueryPhase } from '../query-capture';
import { PRIVATE_FILE_MODE } from '../private-files.mjs';
import * as t from '../schema';
import { avatarSvg } from './media/avatars';
import { bulkInsert, deferIndexes } from './bulk';
import { relatedOfAll } from './related';
import { generateBusinessHistory } from './business-history';
import { generateWorld, type World } from './world';

export interface SeedOptions {
  scale: number;
  seed?: number;
  /** Where generated media go (DATA_DIR/media). */
  mediaDir: string;
  log: (message: string) => void;
  /** The end of the owners' seeded history (default: now); fixed to compare two seeds. */
  now?: Date;
}

const clipsSource = join(projectRoot(), 'db', 'seed', 'media', 'clips');

/** Whether a world has been seeded into this database already. */
export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ id: t.seedRuns.id }).from(t.seedRuns).limit(1);
  return rows.length > 0;
}

/**
 * Seeds the world in one transaction: a failed or interrupted seed leaves nothing behind
 * and the next start tries again.
 */
export function seedDatabase(db: Database, options: SeedOptions): Promise<World> {
  // Seeding is not a request: left out of the plan check (docs/decisions/041-query-plans.md).
  return inQueryPhase('seed', () => seed(db, options));
}

async function seed(db: Database, options: SeedOptions): Promise<World> {
  const started = Date.now();
  const step = (message: string) =>
    options.log(`seed: ${message} (${((Date.now() - started) / 1000).toFixed(1)}s)`);

  const world = generateWorld({
    scale: options.scale,
    ...(options.seed ? { seed: options.seed } : {}),
  });
  step(
    `generated ${world.cities.length} cities, ${world.locations.length} places, ` +
      `${world.users.length} creators, ${world.reviews.length} videos at scale ${world.scale}`,
  );
  await writeMedia(world, options.mediaDir);
  step(`wrote media to ${options.mediaDir}`);

  await db.transaction(async (tx) => {
    const tdb = tx as unknown as Database;
    // Secondary indexes and foreign keys are built once the rows are in (db/seed/bulk.ts).
    const deferred = await deferIndexes(tdb, DEFERRED_TABLES);
    step(`set aside ${deferred.count} indexes and foreign keys until the rows are in`);
    await insertAll(tdb, t.cities, world.cities);
    await insertAll(tdb, t.classifications, world.classifications);
    await insertAll(tdb, t.users, world.users);
    step(`wrote cities, classifications and ${world.users.length} creators`);
    await insertAll(
      tdb,
      t.locations,
      world.locations.map(({ kind: _kind, ...l }) => l),
    );
    step(`wrote ${world.locations.length} places`);
    await insertAll(tdb, t.reviews, world.reviews, (done) =>
      step(`wrote ${done}/${world.reviews.length} videos`),
    );
    await insertAll(tdb, t.locationFollows, world.follows);
    await insertAll(tdb, t.tips, world.tips);
    step(`wrote ${world.follows.length} follows and ${world.tips.length} tips`);
    await insertAll(
      tdb,
      t.collections,
      world.collections.map(({ reviewIds: _r, ...c }) => c),
    );
    await insertAll(
      tdb,
      t.collectionItems,
      world.collections.flatMap((c) =>
        c.reviewIds.map((reviewId, position) => ({ collectionId: c.id, position, reviewId })),
      ),
    );
    await insertAll(
      tdb,
      t.userCollections,
      world.userCollections.map(({ reviewIds: _r, ...c }) => c),
    );
    await insertAll(
      tdb,
      t.userCollectionItems,
      world.userCollections.flatMap((c) =>
        c.reviewIds.map((reviewId, position) => ({ userCollectionId: c.id, position, reviewId })),
      ),
    );
    step(
      `wrote ${world.collections.length} collections and ${world.userCollections.length} user collections`,
    );
    await insertAll(tdb, t.businessOwners, world.businessOwners);
    const history = generateBusinessHistory(world, options.now ?? new Date());
    await insertAll(tdb, t.reviewReads, history.reads);
    await insertAll(tdb, t.shares, history.shares);
    await insertAll(tdb, t.locationFollows, history.follows);
    await rebuildLocationDailyStats(tdb);
    step(
      `wrote ${world.businessOwners.length} business owners and their places' last 90 days ` +
        `(${history.reads.length} views, ${history.shares.length} shares, ${history.follows.length} follows)`,
    );
    for (const table of [
      'cities',
      'classifications',
      'users',
      'locations',
      'reviews',
      'tips',
      'collections',
      'user_collections',
    ]) {
      await tdb.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        ),
      );
    }
    await refreshDerivedCounts(tdb);
    step('counted classifications, reviews and followers');
    const related = relatedOfAll(world.locations);
    await insertAll(
      tdb,
      t.relatedLocations,
      [...related].map(([locationId, relatedIds]) => ({ locationId, relatedIds })),
    );
    step(`precomputed related places of ${related.size} places`);
    const built = await deferred.rebuild();
    step(`built ${built.indexes} indexes and ${built.foreignKeys} foreign keys`);
    await tdb.insert(t.seedRuns).values({ scale: world.scale, seed: world.seed });
  });
  // Fresh statistics, so the first queries get the plans the indexes were made for.
  await db.execute(sql`analyze`);
  step('done');
  return world;
}

/** The seeded tables whose secondary indexes and foreign keys are built after the load. */
const DEFERRED_TABLES = [
  'users',
  'locations',
  'reviews',
  'location_follows',
  'tips',
  'collection_items',
  'user_collections',
  'user_collection_items',
  'related_locations',
];

const insertAll = bulkInsert;

async function writeMedia(world: World, mediaDir: string): Promise<void> {
  const clipsTarget = join(mediaDir, 'clips');
  const avatarsTarget = join(mediaDir, 'avatars');
  await mkdir(clipsTarget, { recursive: true });
  await mkdir(avatarsTarget, { recursive: true });
  for (const file of await readdir(clipsSource)) {
    if (!/\.(mp4|webm|jpg)$/.test(file)) continue;
    // A copy keeps its source's mode, whatever the umask: the data folder is private (ADR 061).
    await copyFile(clipsSource + '/' + file, join(clipsTarget, file));
    await chmod(join(clipsTarget, file), PRIVATE_FILE_MODE);
  }
  const pending: Promise<void>[] = [];
  for (const user of world.users) {
    pending.push(
      writeFile(join(mediaDir, user.avatarUrl), avatarSvg(user.displayName, user.username)),
    );
    if (pending.length >= 200) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
}
