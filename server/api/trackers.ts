import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ShareBody, ShareRecorded, type ShareBody as Share } from '../../contract/trackers';
import {
  cities,
  collections,
  locations,
  reviews,
  shares,
  userCollections,
  users,
} from '../../db/schema';
import type { Database } from '../../db/client';
import { addToDailyStats } from '../../db/derived';
import { notFound } from '../http-errors';
import { writeErrorResponses, type ApiRoutes } from './context';

const resourceTables: Record<Share['resourceType'], { table: PgTable; id: PgColumn }> = {
  review: { table: reviews, id: reviews.id },
  location: { table: locations, id: locations.id },
  user: { table: users, id: users.id },
  city: { table: cities, id: cities.id },
  collection: { table: collections, id: collections.id },
  user_collection: { table: userCollections, id: userCollections.id },
};

export const trackerRoutes: ApiRoutes = (ctx) => async (app) => {
  app.post(
    '/v2/trackers/share',
    {
      schema: {
        tags: ['trackers'],
        summary: 'Records that a shared link was opened (the page carried ?referrer=)',
        body: ShareBody,
        response: { 201: ShareRecorded, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const { resourceId, resourceType, referrerCode } = request.body;
      const { table, id } = resourceTables[resourceType];
      const [found] = await ctx.db.select({ id }).from(table).where(eq(id, resourceId)).limit(1);
      if (!found) throw notFound(`The shared ${resourceType.replace('_', ' ')} ${resourceId}`);
      const deviceId = request.headers['device-id'];
      const row = await ctx.db.transaction(async (tx) => {
        const [share] = await tx
          .insert(shares)
          .values({
            resourceType,
            resourceId,
            referrerCode,
            deviceId: typeof deviceId === 'string' ? deviceId.slice(0, 80) : null,
          })
          .returning({ id: shares.id, createdAt: shares.createdAt });
        // A share of a place or of one of its videos counts on the place's day (ADR 037).
        const locationId =
          resourceType === 'location'
            ? resourceId
            : resourceType === 'review'
              ? (
                  await tx
                    .select({ locationId: reviews.locationId })
                    .from(reviews)
                    .where(eq(reviews.id, resourceId))
                    .limit(1)
                )[0]?.locationId
              : undefined;
        if (share && locationId !== undefined)
          await addToDailyStats(
            tx as unknown as Database,
            locationId,
            share.createdAt.toISOString().slice(0, 10),
            { shares: 1 },
          );
        return share;
      });
      return reply.code(201).send({ status: 'ok' as const, id: row?.id ?? 0 });
    },
  );
};
