import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client';
import { computeRelatedLocations } from '../derived';
import { relatedLocations } from '../schema';
import { seedDatabase } from './run';
import type { World } from './world';

let handle: DatabaseHandle;
let world: World;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'spotreel-related-'));
  handle = await openDatabase({});
  await handle.migrate();
  world = await seedDatabase(handle.db, { scale: 1, mediaDir, log: () => {} });
}, 180_000);

afterAll(async () => {
  await handle?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const stored = async () =>
  (
    await handle.db
      .select({ id: relatedLocations.locationId, related: relatedLocations.relatedIds })
      .from(relatedLocations)
      .orderBy(asc(relatedLocations.locationId))
  ).map((row) => `${row.id}:${row.related.join(',')}`);

describe('related places', () => {
  it('are the same whether the seed computed them in memory or the database in SQL', async () => {
    const seeded = await stored();
    expect(seeded).toHaveLength(world.locations.length);
    // A place alone of its kind within 5 km has none (ADR 075): at scale 1, about half.
    expect(seeded.filter((row) => !row.endsWith(':')).length).toBeGreaterThan(seeded.length / 3);
    const ids = world.locations.map((l) => l.id);
    for (let i = 0; i < ids.length; i += 500)
      await computeRelatedLocations(handle.db, ids.slice(i, i + 500));
    expect(await stored()).toEqual(seeded);
  }, 120_000);
});
