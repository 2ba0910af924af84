import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  SUPER_CATEGORIES,
  SUPER_CATEGORY_NAMES,
  type SuperCategory,
} from '../../contract/classifications';
import { IdParams } from '../../contract/common';
import { City, CityTopLocationsQuery } from '../../contract/cities';
import { CityFeed, CityFeedQuery } from '../../contract/feeds';
import { LocationSummary } from '../../contract/locations';
import { cities, citySuperCategories, locations } from '../../db/schema';
import { notFound } from '../http-errors';
import { listClassifications } from './classification-lists';
import { errorResponses, type ApiRoutes } from './context';
import type { ReadScope } from './read-route';
import {
  cityMemoKey,
  findCities,
  findCity,
  findCityReviews,
  prepared,
  summaryColumns,
  toLocationSummary,
} from './read-models';

const CITY_CUISINES_SHOWN = 12;

/**
 * A city's best places of one kind (its page's five strips), built once (ADR 044). The kind is
 * matched with `= any(…)`, not `@>`: PostgreSQL keeps a generic plan for a statement prepared by
 * name (ADR 043), and for `@> array[$2]` that plan intersected the kind's GIN index (27,689 rows
 * for dining at scale 100) with the city's places and sorted them all, about 10 ms; walking the
 * city's places in rank order until the strip is full takes under 1 ms.
 */
const cityTopLocations = prepared((db) =>
  db
    .select(summaryColumns)
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(
      and(
        eq(locations.cityId, sql.placeholder('city')),
        sql`${sql.placeholder('kind')}::text = any(${locations.superCategories})`,
      ),
    )
    .orderBy(desc(locations.rankScore), locations.id)
    .limit(sql.placeholder('limit'))
    .prepare('city_top_locations'),
);

/**
 * Every strip of a city page in one statement (a page asks for all five at once): for each kind,
 * in the order given, the same walk of the city's places in rank order as cityTopLocations.
 */
const cityStrips = prepared((db) =>
  db
    .select({ ...summaryColumns, kind: sql<string>`k.kind` })
    .from(
      sql`unnest(${sql.placeholder('kinds')}::text[]) with ordinality as k(kind, n)
        cross join lateral (
          select ${locations.id} as id from ${locations}
          where ${locations.cityId} = ${sql.placeholder('city')}
            and k.kind = any(${locations.superCategories})
          order by ${locations.rankScore} desc, ${locations.id}
          limit ${sql.placeholder('limit')}
        ) as top`,
    )
    .innerJoin(locations, sql`${locations.id} = top.id`)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .orderBy(sql`k.n`, desc(locations.rankScore), locations.id)
    .prepare('city_strips'),
);

/** A city's stored count of places per super category (db/derived.ts keeps them). */
const citySuperCounts = prepared((db) =>
  db
    .select({ key: citySuperCategories.superCategory, count: citySuperCategories.locationCount })
    .from(citySuperCategories)
    .where(eq(citySuperCategories.cityId, sql.placeholder('city')))
    .prepare('city_super_counts'),
);

export const cityRoutes: ApiRoutes = (ctx) => async (app) => {
  ctx.reads.register(
    app,
    'cities',
    {
      config: { publicCache: true },
      schema: {
        tags: ['feeds'],
        summary: 'Every city Spotreel covers, by name (the landing page’s city list)',
        response: { 200: z.object({ data: z.array(City) }) },
      },
    },
    async () => ({ data: await findCities(ctx, undefined, 1000) }),
  );

  /** A city page's reads each need its city: asked once per request (the route read tells it). */
  const cityOr404 = async (scope: ReadScope, id: number) => {
    const city = await scope.memo(cityMemoKey(id), async () => findCity(ctx, { id }));
    if (!city) throw notFound(`City ${id}`);
    return city;
  };

  ctx.reads.register(
    app,
    'cityFeed',
    {
      config: { publicCache: true },
      schema: {
        tags: ['feeds'],
        summary: 'A city’s feed: `limit` videos (default 4) from `start`; next_start for more',
        params: IdParams,
        querystring: CityFeedQuery,
        response: { 200: CityFeed, ...errorResponses },
      },
    },
    async ({ params, query }, scope) => {
      const city = await cityOr404(scope, params.id);
      const { limit, start } = query;
      const [content, cuisines, superCounts] = await Promise.all([
        findCityReviews(ctx, city.clm_id, limit + 1, start),
        listClassifications(ctx.db, {
          kind: 'cuisine',
          cityId: city.clm_id,
          pinnedFirst: true,
          limit: CITY_CUISINES_SHOWN,
          offset: 0,
        }),
        citySuperCounts(ctx.db).execute({ city: city.clm_id }),
      ]);
      const counts = new Map(superCounts.map((r) => [r.key, r.count]));
      return {
        id: city.clm_id,
        serviceId: city.clm_service_id,
        displayName: city.clm_city,
        state: city.clm_state,
        country: city.clm_country,
        latitude: city.clm_lat,
        longitude: city.clm_lon,
        content: content.slice(0, limit),
        next_start: content.length > limit ? start + limit : null,
        classifications: cuisines.data,
        super_categories: SUPER_CATEGORIES.map((key: SuperCategory) => ({
          key,
          name: SUPER_CATEGORY_NAMES[key],
          count: counts.get(key) ?? 0,
        })),
      };
    },
  );

  ctx.reads.register(
    app,
    'cityTopLocations',
    {
      config: { publicCache: true },
      schema: {
        tags: ['feeds'],
        summary: 'A city’s best places of one super category (the city page’s strips)',
        params: IdParams,
        querystring: CityTopLocationsQuery,
        response: { 200: z.object({ data: z.array(LocationSummary) }), ...errorResponses },
      },
    },
    async ({ params, query }, scope) => {
      const city = await cityOr404(scope, params.id);
      const { super_category: superCategory, limit } = query;
      if (scope.pageRender) {
        // A page render asks for every strip at once: one statement answers them all.
        const strips = await scope.memo(`city_strips:${city.clm_id}:${limit}`, () =>
          cityStrips(ctx.db).execute({ city: city.clm_id, kinds: [...SUPER_CATEGORIES], limit }),
        );
        return {
          data: strips
            .filter((row) => row.kind === superCategory)
            .map((row) => toLocationSummary(ctx, row)),
        };
      }
      const rows = await cityTopLocations(ctx.db).execute({
        city: city.clm_id,
        kind: superCategory,
        limit,
      });
      return { data: rows.map((row) => toLocationSummary(ctx, row)) };
    },
  );
};
