import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { IdParams } from '../../contract/common';
import { ReadBody, ReadParams, Review } from '../../contract/reviews';
import type { Database } from '../../db/client';
import { addToDailyStats } from '../../db/derived';
import { reviews } from '../../db/schema';
import { notFound } from '../http-errors';
import { errorResponses, writeErrorResponses, type ApiRoutes } from './context';
import { findReviews, rowsOf } from './read-models';

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
          .select({ id: reviews.id, locationId: reviews.locationId })
          .from(reviews)
          .where(eq(reviews.id, id))
          .limit(1);
        if (!review) throw notFound(`Review ${id}`);
        // Reads of one device and video take turns until they commit: the next one's `before`
        // below is then what the last one wrote, so racing reads (a tab and its reload, retries)
        // add their watched time once, not each from the same old value.
        await tx.execute(sql`select pg_advisory_xact_lock(${id}::int, hashtext(${deviceId}))`);
        // One row per device and UTC day; `before` is the row's watched time before this read,
        // so the day's rollup grows by what this read added (docs/decisions/037-views-at-scale.md).
        const [read] = rowsOf<{
          read_on: string;
          read_count: number;
          watched: number | null;
          before: number | null;
        }>(
          await tx.execute(sql`
            with before as (
              select watched_duration_ms from review_reads
               where review_id = ${id} and device_id = ${deviceId}
                 and read_on = (now() at time zone 'UTC')::date
            )
            insert into review_reads (review_id, device_id, read_on, watched_duration_ms)
            values (${id}, ${deviceId}, (now() at time zone 'UTC')::date, ${watchedMs})
            on conflict (review_id, device_id, read_on) do update set
              watched_duration_ms = greatest(review_reads.watched_duration_ms, excluded.watched_duration_ms),
              read_count = review_reads.read_count + 1,
              last_read_at = now()
            returning to_char(read_on, 'YYYY-MM-DD') as read_on, read_count,
                      watched_duration_ms as watched,
                      (select watched_duration_ms from before) as before`),
        );
        if (!read) return;
        // A view counts once per device and day (docs/decisions/007-views-and-shares.md, 037).
        const firstRead = Number(read.read_count) === 1;
        const addedMs = Math.max(0, Number(read.watched ?? 0) - Number(read.before ?? 0));
        if (firstRead) {
          await tx
            .update(reviews)
            .set({ viewCount: sql`${reviews.viewCount} + 1` })
            .where(eq(reviews.id, id));
        }
        if (firstRead || addedMs > 0)
          await addToDailyStats(tx as unknown as Database, review.locationId, read.read_on, {
            views: firstRead ? 1 : 0,
            watchedMs: addedMs,
          });
      });
      return reply.code(204).send(null);
    },
  );
};
