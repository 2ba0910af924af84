import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { IdParams } from '../../contract/common';
import { ReadBody, ReadParams, Review } from '../../contract/reviews';
import { reviewReads, reviews } from '../../db/schema';
import { notFound } from '../http-errors';
import { errorResponses, writeErrorResponses, type ApiRoutes } from './context';
import { findReviews } from './read-models';

export const reviewRoutes: ApiRoutes = (ctx) => async (app) => {
  ctx.reads.register(
    app,
    'review',
    {
      config: { publicCache: true },
      schema: {
        tags: ['reviews'],
        summary: 'A review (a short video) with its place and author',
        params: IdParams,
        response: { 200: Review, ...errorResponses },
      },
    },
    async ({ params }) => {
      const [review] = await findReviews(ctx, eq(reviews.id, params.id), [sql`1`], 1);
      if (!review) throw notFound(`Review ${params.id}`);
      return review;
    },
  );

  app.put(
    '/v2/reviews/:id/reads/:deviceId',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Records that a device watched a video, with the seconds watched (idempotent per device)',
        params: ReadParams,
        body: ReadBody,
        response: {
          204: z.null().describe('No content: the view is recorded'),
          ...writeErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id, deviceId } = request.params;
      const watchedMs =
        request.body?.watchedDuration === undefined
          ? null
          : Math.round(request.body.watchedDuration * 1000);
      await ctx.db.transaction(async (tx) => {
        const [review] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(eq(reviews.id, id))
          .limit(1);
        if (!review) throw notFound(`Review ${id}`);
        const [read] = await tx
          .insert(reviewReads)
          .values({ reviewId: id, deviceId, watchedDurationMs: watchedMs })
          .onConflictDoUpdate({
            target: [reviewReads.reviewId, reviewReads.deviceId],
            set: {
              watchedDurationMs: sql`greatest(${reviewReads.watchedDurationMs}, excluded.watched_duration_ms)`,
              readCount: sql`${reviewReads.readCount} + 1`,
              lastReadAt: sql`now()`,
            },
          })
          .returning({ readCount: reviewReads.readCount });
        // A view counts once per device (docs/decisions/007-views-and-shares.md).
        if (read?.readCount === 1) {
          await tx
            .update(reviews)
            .set({ viewCount: sql`${reviews.viewCount} + 1` })
            .where(eq(reviews.id, id));
        }
      });
      return reply.code(204).send(null);
    },
  );
};
