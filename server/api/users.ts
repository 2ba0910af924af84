import { eq, inArray, sql } from 'drizzle-orm';
import { IdParams } from '../../contract/common';
import { ReviewsByCity } from '../../contract/user-reviews';
import { User } from '../../contract/users';
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
      const [user] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      if (!user) throw notFound(`User ${id}`);
      const counts = await ctx.db
        .select({ cityId: reviews.cityId, count: sql<number>`count(*)::int` })
        .from(reviews)
        .where(eq(reviews.authorId, id))
        .groupBy(reviews.cityId);
      const newest = await ctx.db.execute<{ id: number }>(sql`
      select id from (
        select id, row_number() over (partition by city_id order by created_at desc, id desc) as n
        from reviews where author_id = ${id}
      ) ranked where n <= ${REVIEWS_PER_CITY}`);
      const [cityRecords, newestReviews] = await Promise.all([
        findCities(
          ctx,
          inArray(
            cities.id,
            counts.map((c) => c.cityId),
          ),
          counts.length,
        ),
        reviewsByIds(
          ctx,
          rowsOf<{ id: number }>(newest).map((r) => Number(r.id)),
        ),
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
