import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityPath, locationInCityPath } from '../../contract/urls';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { topicPages } from '../../db/schema';
import { seedDatabase } from '../../db/seed/run';
import type { World } from '../../db/seed/world';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { ownDatabaseUrl } from './own-database';

/**
 * A page asks the database each thing once (issue 15; docs/decisions/044-page-render-cost.md):
 * over one server render, no statement goes out twice with the same parameters. The pages of
 * the seeded world, rendered with every cache off, on a database of this file's own whose
 * statements are counted as they are sent (DatabaseOptions.onStatement).
 */
describe('one page render', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  let world: World;
  /** A topic page of the world (topic_pages, spec §2.6). */
  let topicPath: string;
  /**
   * Statements sent while `recording`, as text and parameters. (Not by async context: Fastify's
   * injected request does not carry the caller's. A background timer's statement during a
   * render would be counted once, which no check here minds; nothing in this app polls with the
   * search index off.)
   */
  let sent: string[] = [];
  let recording = false;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-page-statements-'));
    const databaseUrl = await ownDatabaseUrl('page_statements');
    const config = parseConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SITE_URL: 'http://spotreel.test',
      // Every read reaches the database: what is counted is the render's own asking.
      PAGE_CACHE_TTL_MS: '0',
      API_CACHE_TTL_MS: '0',
      SEARCH_INDEX: 'off',
    });
    database = await openDatabase({
      databaseUrl,
      onStatement: (text, params) => {
        if (recording) sent.push(`${text}\n${JSON.stringify(params ?? [])}`);
      },
    });
    await database.migrate();
    world = await seedDatabase(database.db, {
      scale: 1,
      mediaDir: join(dataDir, 'media'),
      log: () => {},
    });
    const [topic] = await database.db
      .select({ slug: topicPages.slug, cityId: topicPages.cityId })
      .from(topicPages)
      .where(eq(topicPages.neighborhoodSlug, ''))
      .orderBy(desc(topicPages.locationCount))
      .limit(1);
    const topicCity = world.cities.find((c) => c.id === topic!.cityId)!;
    topicPath = cityPath(topicCity.stateSlug, topicCity.citySlug) + `/${topic!.slug}`;
    app = await buildApp({ config, database, version: 'test' });
    // The flags and the web app's first load are read once per process, not per page.
    await app.inject({ method: 'GET', url: '/' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const render = async (url: string) => {
    sent = [];
    recording = true;
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/131.0.0.0' },
    });
    recording = false;
    return { status: answer.statusCode, statements: sent };
  };

  const repeated = (statements: string[]) => {
    const seen = new Map<string, number>();
    for (const statement of statements) seen.set(statement, (seen.get(statement) ?? 0) + 1);
    return [...seen]
      .filter(([, times]) => times > 1)
      .map(([statement, times]) => ({
        times,
        statement: statement.slice(0, 300),
      }));
  };

  const pages = (): [string, string][] => {
    const city = world.cities[0]!;
    const place = world.locations.find((l) => l.cityId === city.id)!;
    const review = world.reviews.find((r) => r.locationId === place.id)!;
    const creator = world.users.find((u) => u.id === review.authorId)!;
    return [
      ['landing', '/'],
      ['city', cityPath(city.stateSlug, city.citySlug)],
      ['place', locationInCityPath(city.slug, place.slug)],
      ['review', `/reviews/${review.id}`],
      ['creator', `/users/${encodeURIComponent(creator.username)}`],
      ['feed', '/feed'],
      ['topic', topicPath],
    ];
  };

  it('asks the database, and asks each thing once, on every kind of page', async () => {
    for (const [name, url] of pages()) {
      const { status, statements } = await render(url);
      expect(status, `${name} ${url}`).toBe(200);
      expect(statements.length, `${name}: no statement counted`).toBeGreaterThan(0);
      expect(repeated(statements), `${name} ${url}`).toEqual([]);
    }
  });

  it('reads a city page’s five strips in one statement, each as the API answers its kind', async () => {
    const city = world.cities[0]!;
    sent = [];
    recording = true;
    const answer = await app.inject({
      method: 'GET',
      url: cityPath(city.stateSlug, city.citySlug),
      headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/131.0.0.0' },
    });
    recording = false;
    const strips = sent.filter((s) => s.includes('with ordinality as k(kind, n)'));
    expect(strips).toHaveLength(1);
    const oneKind = (s: string) => /"locations"\."city_id" = \$1 and \$2::text = any/.test(s);
    expect(sent.filter(oneKind)).toEqual([]);
    for (const kind of ['dining', 'nightlife', 'hotel', 'experiences', 'shopping']) {
      const section = new RegExp(`<section id="${kind}"[^>]*>([\\s\\S]*?)</section>`).exec(
        answer.body,
      )?.[1];
      const onPage = [...(section ?? '').matchAll(/href="(\/location\/[^"]+)"/g)].map((m) => m[1]);
      sent = [];
      recording = true;
      const api = await app.inject({
        method: 'GET',
        url: `/api/v2/cities/${city.id}/top-locations?super_category=${kind}&limit=8`,
      });
      recording = false;
      // The endpoint itself runs the one-kind statement the page must not: the pattern above
      // would find it.
      expect(sent.filter(oneKind), kind).toHaveLength(1);
      const expected = (api.json() as { data: { city_slug: string; clm_slug: string }[] }).data.map(
        (l) => locationInCityPath(l.city_slug, l.clm_slug),
      );
      expect(expected.length, kind).toBeGreaterThan(0);
      expect(onPage, kind).toEqual(expected);
    }
  });

  it('keeps each city’s count of places per super category as counting them would give', async () => {
    const count = async (query: ReturnType<typeof sql>) => {
      const { rows } = (await database.db.execute(query)) as unknown as {
        rows: { city_id: number; kind: string; n: number }[];
      };
      return rows.map((row) => `${row.city_id} ${row.kind} ${row.n}`).sort();
    };
    const live = await count(sql`
      select city_id, kind, count(*)::int as n
      from locations cross join unnest(super_categories) as kind group by 1, 2`);
    expect(live.length).toBeGreaterThan(10);
    expect(
      await count(sql`
        select city_id, super_category as kind, location_count as n from city_super_categories`),
    ).toEqual(live);
  });

  it('reads a city once for its page, however many of its reads need it', async () => {
    const city = world.cities[0]!;
    const { statements } = await render(cityPath(city.stateSlug, city.citySlug));
    const cityLookups = statements.filter((s) => /^select [^\n]* from "cities"/.test(s));
    expect(cityLookups).toHaveLength(1);
  });
});
