import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ErrorBody } from '../../contract/common';
import { SUPER_CATEGORIES } from '../../contract/super-categories';
import { openStatus } from '../../contract/opening-hours';
import {
  SearchQuery,
  SearchResults,
  type SearchPlace,
  type SearchResultType,
  type SearchUnderstood,
} from '../../contract/search';
import type { SearchResults as Results } from '../../contract/search';
import type { Tag } from '../../contract/classifications';
import { cities, classifications, locations, reviews, users } from '../../db/schema';
import { errorResponses, type ApiRoutes } from './context';
import {
  authorColumns,
  findCities,
  findReviews,
  locationTags,
  summaryColumns,
  toAuthor,
  toLocationSummary,
  type Order,
  type ReadContext,
} from './read-models';
import type { ReadScope } from './read-route';

/** `%` and `_` in a search term are letters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Prefix- and typo-tolerant matching on a text column (pg_trgm, GIN indexed): a substring
 * match or a word-similar one (`<%`, threshold set per connection in db/client.ts).
 */
function matches(column: AnyPgColumn, term: string): SQL {
  return or(ilike(column, `%${escapeLike(term)}%`), sql`${term} <% ${column}`) as SQL;
}
/** Names starting with the term first, then the most similar. */
const closeness = (column: AnyPgColumn, term: string) => [
  desc(sql`${column} ilike ${escapeLike(term) + '%'}`),
  desc(sql`word_similarity(${term}, ${column})`),
];

type Query = z.infer<typeof SearchQuery>;

type TagKind = (typeof classifications.$inferSelect)['kind'];

/** Great-circle distance in km (haversine) from lat/lon to the place, as SQL. */
const distanceKm = (lat: number, lon: number) =>
  sql<number>`(6371 * 2 * asin(sqrt(power(sin(radians(${locations.lat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${locations.lat})) * power(sin(radians(${locations.lon} - ${lon}) / 2), 2))))`;

/** Places matching `where` and the query's filters, shaped as SearchPlace, and how many match. */
async function findSearchPlaces(
  ctx: ReadContext,
  where: SQL | undefined,
  order: Order[],
  query: Query,
): Promise<{ places: SearchPlace[]; total: number }> {
  const conditions: (SQL | undefined)[] = [where];
  const tagFilter = (kinds: TagKind[], safeName: string) =>
    sql`${locations.classificationIds} && array(select ${classifications.id} from ${classifications} where ${classifications.safeName} = ${safeName} and ${inArray(classifications.kind, kinds)})::int[]`;
  // A category names a kind of place (the landing page's chips: `nightlife`) or a category.
  const superCategory = SUPER_CATEGORIES.find((c) => c === query.category);
  if (superCategory)
    conditions.push(sql`${locations.superCategories} @> array[${superCategory}]::text[]`);
  else if (query.category) conditions.push(tagFilter(['category', 'practical'], query.category));
  if (query.cuisine) conditions.push(tagFilter(['cuisine'], query.cuisine));
  if (query.price) conditions.push(inArray(locations.priceLevel, query.price));
  if (query.city_id !== undefined) conditions.push(eq(locations.cityId, query.city_id));
  const near =
    query.lat !== undefined && query.lon !== undefined ? distanceKm(query.lat, query.lon) : null;
  const orderBy: Order[] =
    query.sort === 'distance' && near
      ? [asc(near), locations.id]
      : query.sort === 'popularity'
        ? [desc(locations.rankScore), locations.id]
        : order;
  const offset = query.offset ?? 0;
  // Open now is decided in each place's time zone (contract/opening-hours.ts), so it filters
  // candidates after the query.
  const window = query.open_now ? 500 : query.limit;
  const rows = await ctx.db
    .select({
      ...summaryColumns,
      priceLevel: locations.priceLevel,
      hours: locations.hours,
      timeZone: cities.timeZone,
      distance: near ?? sql<null>`null`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      tags: locationTags,
    })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(and(...conditions))
    .orderBy(...orderBy)
    .limit(window)
    .offset(query.open_now ? 0 : offset);
  const now = new Date();
  const kept = query.open_now
    ? rows.filter((r) => openStatus(r.hours, r.timeZone, now).open)
    : rows;
  const total = query.open_now ? kept.length : (rows[0]?.total ?? 0);
  const page = query.open_now ? kept.slice(offset, offset + query.limit) : kept;
  return {
    total,
    places: page.map((r) => {
      const tagsOf = (...kinds: string[]): Tag[] =>
        r.tags
          .filter((t) => kinds.includes(t.kind))
          .map((t) => ({ clm_id: t.id, safe_name: t.safeName, name: t.name }));
      return {
        ...toLocationSummary(ctx, r),
        clm_price_level: r.priceLevel,
        clm_hours: r.hours,
        clm_time_zone: r.timeZone,
        tags: { categories: tagsOf('category', 'practical'), cuisines: tagsOf('cuisine') },
        distance_km: r.distance === null ? null : Math.round(Number(r.distance) * 100) / 100,
      };
    }),
  };
}

async function tagNamed(ctx: ReadContext, kinds: TagKind[], safeName: string | undefined) {
  if (!safeName) return null;
  const [row] = await ctx.db
    .select({
      clm_id: classifications.id,
      safe_name: classifications.safeName,
      name: classifications.name,
    })
    .from(classifications)
    .where(and(eq(classifications.safeName, safeName), inArray(classifications.kind, kinds)))
    .limit(1);
  return row ?? null;
}

export const searchRoutes: ApiRoutes = (ctx) => async (app) => {
  const placeWhere = async (term: string): Promise<SQL | undefined> => {
    if (term === '') return undefined;
    // A place matches by its name or by a cuisine or category it carries ("sushi", "rooftop").
    const tagged = await ctx.db
      .select({ id: classifications.id })
      .from(classifications)
      .where(ilike(classifications.name, `${escapeLike(term)}%`))
      .limit(20);
    const byTag =
      tagged.length > 0
        ? sql`${locations.classificationIds} && ${sql`ARRAY[${sql.join(
            tagged.map((t) => sql`${t.id}`),
            sql`, `,
          )}]::int[]`}`
        : undefined;
    return byTag ? or(matches(locations.name, term), byTag) : matches(locations.name, term);
  };

  const searchers: Record<SearchResultType, (query: Query) => Promise<Partial<Results>>> = {
    locations: async (query) => {
      const { term } = query;
      const order: Order[] =
        term === ''
          ? [desc(locations.rankScore), locations.id]
          : [...closeness(locations.name, term), desc(locations.rankScore), locations.id];
      const { places, total } = await findSearchPlaces(ctx, await placeWhere(term), order, query);
      return { data: { locations: places }, locations_total: total };
    },
    users: async ({ term, limit }) => {
      if (term === '') return { data: { users: [] } };
      const rows = await ctx.db
        .select(authorColumns)
        .from(users)
        .where(or(matches(users.username, term), matches(users.displayName, term)))
        .orderBy(...closeness(users.username, term), desc(users.followerCount), users.id)
        .limit(limit);
      return { data: { users: rows.map((r) => toAuthor(ctx, r)) } };
    },
    cities: async ({ term, limit }) => ({
      data: {
        cities:
          term === ''
            ? []
            : await findCities(
                ctx,
                or(matches(cities.name, term), ilike(cities.state, escapeLike(term))),
                limit,
              ),
      },
    }),
    // Captions are sentences: a substring match (GIN-indexed ILIKE) finds what people type,
    // and word similarity over every caption would cost more than it finds.
    reviews: async ({ term, limit }) => ({
      data: {
        reviews:
          term === ''
            ? []
            : await findReviews(
                ctx,
                ilike(reviews.caption, `%${escapeLike(term)}%`),
                [desc(reviews.rankScore), reviews.id],
                limit,
              ),
      },
    }),
  };

  /**
   * By SQL: answers kept in the caches never get here; the rest take turns with other clients'.
   * A search whose visitor left while it waited (the next keystroke's search closed the
   * connection, a flood's client hung up) is dropped, not run.
   */
  const searchBySql = (query: Query, scope: ReadScope) =>
    ctx.searchQueue.run(
      scope.client(),
      async () => {
        const { term, include } = query;
        const answer: Results = { term, data: {} };
        // One at a time: the embedded database answers one query at a time anyway.
        for (const type of include) {
          const part = await searchers[type](query);
          Object.assign(answer.data, part.data);
          if (part.locations_total !== undefined) answer.locations_total = part.locations_total;
        }
        const understood: SearchUnderstood = {
          what: term,
          city: null,
          neighborhood: null,
          near_me: false,
          category: await tagNamed(ctx, ['category', 'practical'], query.category),
          cuisine: await tagNamed(ctx, ['cuisine'], query.cuisine),
        };
        answer.understood = understood;
        return answer;
      },
      () => scope.gone(),
    );

  ctx.reads.register(
    app,
    'search',
    {
      config: { publicCache: true },
      schema: {
        tags: ['search'],
        summary: 'Search places, locals, cities and videos; results grouped by type',
        querystring: SearchQuery,
        // 429: one client's searches at once; 503: everyone's (server/fair-queue.ts).
        response: { 200: SearchResults, ...errorResponses, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async ({ query }, scope) => {
      // From memory once the index is built: no database work, so no turn in the queue.
      if (ctx.searchIndex?.ready) {
        // Its parts were checked against the contract when the index read them (SearchIndex):
        // used as they are, not checked again on every search.
        try {
          return await ctx.searchIndex.search(query);
        } catch (error) {
          // Its thread stopped while this search waited: SQL answers, as before the index.
          scope.log.error({ err: error }, 'search index did not answer: searched by SQL');
        }
      }
      return searchBySql(query, scope);
    },
    async ({ query, scope, reply }) => {
      if (ctx.searchIndex?.ready) {
        try {
          // An /api call gets the JSON the search thread made, as bytes with their ETag (ADR
          // 045, 053): Fastify sends bytes as they are (no serialiser runs on them), and the
          // read cache keeps the tag instead of hashing them again (ADR 071).
          const { body, etag } = await ctx.searchIndex.searchJson(query);
          reply.type('application/json; charset=utf-8').header('etag', etag);
          return body as unknown as Results;
        } catch (error) {
          scope.log.error({ err: error }, 'search index did not answer: searched by SQL');
        }
      }
      return searchBySql(query, scope);
    },
  );
};
