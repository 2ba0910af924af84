import { asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { IdParams, paginationData } from '../../contract/common';
import {
  Location,
  LocationFollows,
  LocationSummary,
  RelatedLocations,
  RelatedQuery,
  TipList,
} from '../../contract/locations';
import { LocationVideosQuery, VideoList } from '../../contract/reviews';
import { z } from 'zod';
import { computeRelatedLocations, RELATED_LIMIT } from '../../db/derived';
import { cities, locationFollows, locations, relatedLocations, tips, users } from '../../db/schema';
import { notFound } from '../http-errors';
import { errorResponses, type ApiRoutes } from './context';
import type { ReadScope } from './read-route';
import {
  authorColumns,
  findLocation,
  findLocationReviews,
  prepared,
  summaryColumns,
  toAuthor,
  toLocationSummary,
} from './read-models';

const FOLLOWERS_SHOWN = 12;
const TIPS_SHOWN = 20;

const TRENDING_SHOWN = 15;

/** The footer's trending places: every page's root asks for them, so it is built once. */
const trendingSummaries = prepared((db) =>
  db
    .select(summaryColumns)
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(isNotNull(locations.trendingRank))
    .orderBy(asc(locations.trendingRank))
    .limit(TRENDING_SHOWN)
    .prepare('trending_locations'),
);

// The queries of every place page, each built once (docs/decisions/044-page-render-cost.md).
const latestFollowers = prepared((db) =>
  db
    .select(authorColumns)
    .from(locationFollows)
    .innerJoin(users, eq(users.id, locationFollows.userId))
    .where(eq(locationFollows.locationId, sql.placeholder('id')))
    .orderBy(desc(locationFollows.createdAt), desc(locationFollows.userId))
    .limit(FOLLOWERS_SHOWN)
    .prepare('latest_followers'),
);
const newestTips = prepared((db) =>
  db
    .select({ id: tips.id, text: tips.text, createdAt: tips.createdAt, author: authorColumns })
    .from(tips)
    .innerJoin(users, eq(users.id, tips.authorId))
    .where(eq(tips.locationId, sql.placeholder('id')))
    .orderBy(desc(tips.createdAt), desc(tips.id))
    .limit(TIPS_SHOWN)
    .prepare('newest_tips'),
);
/** A place's stored related places in their stored order, in one query (the common case). */
const storedRelated = prepared((db) => {
  const stored = sql`(select ${relatedLocations.relatedIds} from ${relatedLocations}
    where ${relatedLocations.locationId} = ${sql.placeholder('id')})`;
  return db
    .select(summaryColumns)
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(sql`${locations.id} = any(${stored}::int[])`)
    .orderBy(sql`array_position(${stored}, ${locations.id})`)
    .limit(RELATED_LIMIT)
    .prepare('stored_related');
});

export const locationRoutes: ApiRoutes = (ctx) => async (app) => {
  /**
   * Whether a place exists, with its stored counts: asked once per request, however many of
   * its reads a page makes (the place read itself answers it when it runs first).
   */
  const exists = (scope: ReadScope, id: number) =>
    scope.memo(`location:${id}`, async () => {
      const [row] = await ctx.db
        .select({
          id: locations.id,
          followerCount: locations.followerCount,
          reviewCount: locations.reviewCount,
        })
        .from(locations)
        .where(eq(locations.id, id))
        .limit(1);
      return row ?? null;
    });
  const existing = async (scope: ReadScope, id: number) => {
    const row = await exists(scope, id);
    if (!row) throw notFound(`Location ${id}`);
    return row;
  };

  ctx.reads.register(
    app,
    'trendingLocations',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'The trending restaurants of the footer (spec §2.5), in rank order',
        response: { 200: z.object({ data: z.array(LocationSummary) }) },
      },
    },
    async () => ({
      data: (await trendingSummaries(ctx.db).execute()).map((row) => toLocationSummary(ctx, row)),
    }),
  );

  ctx.reads.register(
    app,
    'location',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'A location (spec §3)',
        params: IdParams,
        response: { 200: Location, ...errorResponses },
      },
    },
    async ({ params }, scope) => {
      const { id } = params;
      // The place with its counts is what the existence check would ask: share it.
      // Both memos are set before the first await, so reads started beside this one reuse them.
      const record = scope.memo(`location-record:${id}`, () => findLocation(ctx, id));
      scope
        .memo(`location:${id}`, async () => {
          const found = await record;
          return found
            ? { id, followerCount: found.follower_count, reviewCount: found.review_count }
            : null;
        })
        // Its readers see a failure; unread, it must not become an unhandled rejection.
        .catch(() => undefined);
      const location = await record;
      if (!location) throw notFound(`Location ${id}`);
      return location;
    },
  );

  ctx.reads.register(
    app,
    'locationFollows',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'How many follow a location, and its latest followers',
        params: IdParams,
        response: { 200: LocationFollows, ...errorResponses },
      },
    },
    async ({ params }, scope) => {
      const { id, followerCount } = await existing(scope, params.id);
      const rows = await latestFollowers(ctx.db).execute({ id });
      return { location_id: id, count: followerCount, data: rows.map((r) => toAuthor(ctx, r)) };
    },
  );

  ctx.reads.register(
    app,
    'locationTips',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'Tips from locals, newest first',
        params: IdParams,
        response: { 200: TipList, ...errorResponses },
      },
    },
    async ({ params }, scope) => {
      const { id } = await existing(scope, params.id);
      const rows = await newestTips(ctx.db).execute({ id });
      return {
        data: rows.map((r) => ({
          clm_id: r.id,
          text: r.text,
          created_at: r.createdAt.toISOString(),
          author: toAuthor(ctx, r.author),
        })),
      };
    },
  );

  ctx.reads.register(
    app,
    'relatedLocations',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'Related places: precomputed; use_only_cache=1 never computes on the request',
        params: IdParams,
        querystring: RelatedQuery,
        response: { 200: RelatedLocations, ...errorResponses },
      },
    },
    async ({ params, query }, scope) => {
      const { id } = await existing(scope, params.id);
      const { use_cache: useCache, use_only_cache: onlyCache } = query;
      const fromStore = async () =>
        (await storedRelated(ctx.db).execute({ id })).map((row) => toLocationSummary(ctx, row));
      const isStored = async () =>
        (
          await ctx.db
            .select({ id: relatedLocations.locationId })
            .from(relatedLocations)
            .where(eq(relatedLocations.locationId, id))
            .limit(1)
        ).length > 0;
      if (useCache || onlyCache) {
        const data = await fromStore();
        // None found: stored as none, or not computed yet.
        if (data.length > 0 || (await isStored())) return { data, cached: true };
        if (onlyCache) return { data: [], cached: false };
      }
      await computeRelatedLocations(ctx.db, [id]);
      return { data: await fromStore(), cached: false };
    },
  );

  ctx.reads.register(
    app,
    'locationVideos',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'A location’s videos, newest first (first load per_page=15, later pages 20)',
        params: IdParams,
        querystring: LocationVideosQuery,
        response: { 200: VideoList, ...errorResponses },
      },
    },
    async ({ params, query }, scope) => {
      // The stored count (db/derived.ts), not a count(*) per page of videos.
      const { id, reviewCount } = await existing(scope, params.id);
      const { page, per_page: perPage } = query;
      const data = await findLocationReviews(ctx, id, perPage, (page - 1) * perPage);
      return { data, pagination_data: paginationData(page, perPage, reviewCount) };
    },
  );
};
