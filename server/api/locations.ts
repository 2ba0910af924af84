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
import { computeRelatedLocations } from '../../db/derived';
import {
  locationFollows,
  locations,
  relatedLocations,
  reviews,
  tips,
  users,
} from '../../db/schema';
import { notFound } from '../http-errors';
import { errorResponses, type ApiRoutes } from './context';
import {
  authorColumns,
  findLocation,
  findLocationSummaries,
  findReviews,
  locationSummariesByIds,
  toAuthor,
} from './read-models';

const FOLLOWERS_SHOWN = 12;
const TIPS_SHOWN = 20;

export const locationRoutes: ApiRoutes = (ctx) => async (app) => {
  const exists = async (id: number) => {
    const [row] = await ctx.db
      .select({ id: locations.id, followerCount: locations.followerCount })
      .from(locations)
      .where(eq(locations.id, id))
      .limit(1);
    if (!row) throw notFound(`Location ${id}`);
    return row;
  };

  app.get(
    '/v2/locations/trending',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'The trending restaurants of the footer (spec §2.5), in rank order',
        response: { 200: z.object({ data: z.array(LocationSummary) }) },
      },
    },
    async () => ({
      data: await findLocationSummaries(
        ctx,
        isNotNull(locations.trendingRank),
        [asc(locations.trendingRank)],
        15,
      ),
    }),
  );

  app.get(
    '/v2/locations/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'A location (spec §3)',
        params: IdParams,
        response: { 200: Location, ...errorResponses },
      },
    },
    async (request) => {
      const location = await findLocation(ctx, request.params.id);
      if (!location) throw notFound(`Location ${request.params.id}`);
      return location;
    },
  );

  app.get(
    '/v2/locations/:id/follows',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'How many follow a location, and its latest followers',
        params: IdParams,
        response: { 200: LocationFollows, ...errorResponses },
      },
    },
    async (request) => {
      const { id, followerCount } = await exists(request.params.id);
      const rows = await ctx.db
        .select(authorColumns)
        .from(locationFollows)
        .innerJoin(users, eq(users.id, locationFollows.userId))
        .where(eq(locationFollows.locationId, id))
        .orderBy(desc(locationFollows.createdAt), desc(locationFollows.userId))
        .limit(FOLLOWERS_SHOWN);
      return { location_id: id, count: followerCount, data: rows.map((r) => toAuthor(ctx, r)) };
    },
  );

  app.get(
    '/v2/locations/:id/tips',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'Tips from locals, newest first',
        params: IdParams,
        response: { 200: TipList, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = await exists(request.params.id);
      const rows = await ctx.db
        .select({ id: tips.id, text: tips.text, createdAt: tips.createdAt, author: authorColumns })
        .from(tips)
        .innerJoin(users, eq(users.id, tips.authorId))
        .where(eq(tips.locationId, id))
        .orderBy(desc(tips.createdAt), desc(tips.id))
        .limit(TIPS_SHOWN);
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

  app.get(
    '/v2/locations/:id/related',
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
    async (request) => {
      const { id } = await exists(request.params.id);
      const { use_cache: useCache, use_only_cache: onlyCache } = request.query;
      const cached = async () =>
        (
          await ctx.db
            .select({ ids: relatedLocations.relatedIds })
            .from(relatedLocations)
            .where(eq(relatedLocations.locationId, id))
            .limit(1)
        )[0]?.ids;
      let ids = useCache || onlyCache ? await cached() : undefined;
      const fromCache = ids !== undefined;
      if (ids === undefined && !onlyCache) {
        await computeRelatedLocations(ctx.db, [id]);
        ids = await cached();
      }
      return { data: await locationSummariesByIds(ctx, ids ?? []), cached: fromCache };
    },
  );

  app.get(
    '/v3/locations/:id/videos',
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
    async (request) => {
      const { id } = await exists(request.params.id);
      const { page, per_page: perPage } = request.query;
      const where = eq(reviews.locationId, id);
      const [[count], data] = await Promise.all([
        ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(reviews)
          .where(where),
        findReviews(
          ctx,
          where,
          [desc(reviews.createdAt), desc(reviews.id)],
          perPage,
          (page - 1) * perPage,
        ),
      ]);
      return { data, pagination_data: paginationData(page, perPage, count?.n ?? 0) };
    },
  );
};
