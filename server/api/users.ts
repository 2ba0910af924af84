import { eq, inArray, sql } from 'drizzle-orm';
import { IdParams } from '../../contract/common';
import { ReviewsByCity } from '../../contract/user-reviews';
import { User } from '../../contract/users';
import { readerOf } from '../../db/client';
import { cities, reviews, users } from '../../db/schema';
import { notFound } from '../http-errors';
import { errorResponses, type ApiRoutes } from './context';
import { findCities, findUser, reviewsByIds, rowsOf } from './read-models';

/** Each city shows the creator's newest videos there. */
const REVIEWS_PER_CITY = 12;

export const userRoutes: ApiRoutes = (ctx) => async (app) => {
  ctx.reads.register(
    app,
    'user',
    {
      config: { publicCache: true },
      schema: {
        tags: ['users'],
        summary: 'A user’s public profile',
        params: IdParams,
        response: { 200: User, ...errorResponses },
      },
    },
    async ({ params }) => {
      const user = await findUser(ctx, eq(users.id, params.id));
      if (!user) throw notFound(`User ${params.id}`);
      return user;
    },
  );

  ctx.reads.register(
    app,
    'userReviewsByCity',
    {
      config: { publicCache: true },
      schema: {
        tags: ['users'],
        summary: 'A user’s reviews grouped by city, the city with most reviews first',
        params: IdParams,
        response: { 200: ReviewsByCity, ...errorResponses },
      },
    },
    async ({ params }) => {
      const { id } = params;
      // One round trip: whether the user exists (no row), and per city of theirs the count and
      // the newest ids (a creator has at most a few dozen videos: all are aggregated). Raw SQL,
      // which withReplicas sends to the primary: readerOf keeps it a public read (ADR 072).
      const perCity = rowsOf<{ cityId: number | null; count: number; ids: number[] | null }>(
        await readerOf(ctx.db).execute(sql`
          select c.city_id as "cityId", c.count, c.ids
            from ${users} u
            left join lateral (
              select r.city_id, count(*)::int as count,
                     (array_agg(r.id order by r.created_at desc, r.id desc))[1:${REVIEWS_PER_CITY}] as ids
                from ${reviews} r where r.author_id = u.id group by r.city_id
            ) c on true
           where u.id = ${id}`),
      );
      if (perCity.length === 0) throw notFound(`User ${id}`);
      const counts = perCity.flatMap(({ cityId, count }) =>
        cityId === null ? [] : [{ cityId, count }],
      );
      const newestIds = perCity.flatMap((row) => row.ids ?? []);
      const [cityRecords, newestReviews] = await Promise.all([
        findCities(
          ctx,
          inArray(
            cities.id,
            counts.map((c) => c.cityId),
          ),
          counts.length,
        ),
        reviewsByIds(ctx, newestIds.map(Number)),
      ]);
      const countOf = new Map(counts.map((c) => [c.cityId, c.count]));
      return {
        data: cityRecords
          .map((city) => ({
            city,
            count: countOf.get(city.clm_id) ?? 0,
            reviews: newestReviews
              .filter((r) => r.location.city_slug === city.clm_slug)
              .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.clm_id - a.clm_id),
          }))
          .sort((a, b) => b.count - a.count || a.city.clm_city.localeCompare(b.city.clm_city)),
      };
    },
  );
};
