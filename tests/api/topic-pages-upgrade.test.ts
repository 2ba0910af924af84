import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { ensureTopicPages } from '../../db/derived';
import { cities, classifications, locations, topicPages } from '../../db/schema';
import { TOPIC_MIN_PLACES } from '../../contract/topic-rules';
import { ownDatabaseUrl } from './own-database';

/**
 * A world seeded before topic pages existed (ADR 080): migration 0018 leaves topic_pages empty,
 * and the start (server/main.ts) builds them once, so its city and kind addresses answer. On
 * PGlite in memory, or on a database of its own on TEST_DATABASE_URL's server.
 */
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: await ownDatabaseUrl('topic_upgrade') });
  await handle.migrate();
  const [city] = await handle.db
    .insert(cities)
    .values({
      serviceId: 'city-il-chicago',
      name: 'Chicago',
      state: 'IL',
      stateName: 'Illinois',
      lat: 41.88,
      lon: -87.63,
      slug: 'chicago-il',
      stateSlug: 'il',
      citySlug: 'chicago',
      timeZone: 'America/Chicago',
    })
    .returning();
  const [pizza] = await handle.db
    .insert(classifications)
    .values({ kind: 'cuisine', safeName: 'pizza', name: 'Pizza' })
    .returning();
  await handle.db.insert(locations).values(
    Array.from({ length: TOPIC_MIN_PLACES }, (_, i) => ({
      name: `Slice ${i}`,
      label: 'Pizzeria',
      slug: `slice-${i}-${i + 1}`,
      address: `${i + 1} W Division St`,
      neighborhood: 'Wicker Park',
      cityId: city!.id,
      zip: '60622',
      lat: 41.903,
      lon: -87.677,
      phone: '(312) 555-0100',
      prompt: 'Pizza by the slice.',
      description: 'Pizza by the slice.',
      hours: [],
      superCategories: ['dining'],
      classificationIds: [pizza!.id],
    })),
  );
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('topic pages of a world seeded before them', () => {
  it('are built at the first start after the migration, and only then', async () => {
    expect(await handle.db.select().from(topicPages)).toHaveLength(0);
    expect(await ensureTopicPages(handle.db)).toBe(true);
    const built = await handle.db.select().from(topicPages);
    expect(built.map((t) => `${t.neighborhoodSlug}/${t.slug}`)).toContain('/pizza');
    expect(built.map((t) => `${t.neighborhoodSlug}/${t.slug}`)).toContain('wicker-park/pizza');
    expect(await ensureTopicPages(handle.db)).toBe(false);
  });
});
