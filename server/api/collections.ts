import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { IdParams } from '../../contract/common';
import {
  Collection,
  UserCollection,
  UserCollectionList,
  UserCollectionQuery,
} from '../../contract/collections';
import { z } from 'zod';
import { NumericId } from '../../contract/common';
import {
  cities,
  collectionItems,
  collections,
  reviews,
  userCollectionItems,
  userCollections,
  users,
} from '../../db/schema';
import { notFound } from '../http-errors';
import { errorResponses, type ApiRoutes } from './context';
import { authorColumns, findCities, reviewsByIds, toAuthor } from './read-models';

export const collectionRoutes: ApiRoutes = (ctx) => async (app) => {
  ctx.reads.register(
    app,
    'collection',
    {
      config: { publicCache: true },
      schema: {
        tags: ['collections'],
        summary: 'A public collection and its videos in curated order',
        params: IdParams,
        response: { 200: Collection, ...errorResponses },
      },
    },
    async ({ params }) => {
      const { id } = params;
      const [collection] = await ctx.db
        .select()
        .from(collections)
        .where(eq(collections.id, id))
        .limit(1);
      if (!collection) throw notFound(`Collection ${id}`);
      const items = await ctx.db
        .select({ reviewId: collectionItems.reviewId })
        .from(collectionItems)
        .where(eq(collectionItems.collectionId, id))
        .orderBy(asc(collectionItems.position));
      const [city] = collection.cityId
        ? await findCities(ctx, eq(cities.id, collection.cityId))
        : [];
      return {
        clm_id: collection.id,
        clm_name: collection.name,
        clm_description: collection.description,
        city: city ?? null,
        content: await reviewsByIds(
          ctx,
          items.map((i) => i.reviewId),
        ),
      };
    },
  );

  ctx.reads.register(
    app,
    'userCollections',
    {
      config: { publicCache: true },
      schema: {
        tags: ['collections'],
        summary: 'A user’s public collections; with single={collectionId}, that one collection',
        params: z.object({ userId: NumericId }),
        querystring: UserCollectionQuery,
        response: { 200: z.union([UserCollection, UserCollectionList]), ...errorResponses },
      },
    },
    async ({ params, query }) => {
      const { userId } = params;
      const [owner] = await ctx.db
        .select(authorColumns)
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!owner) throw notFound(`User ${userId}`);
      const user = toAuthor(ctx, owner);
      const { single } = query;
      if (single !== undefined) {
        const [list] = await ctx.db
          .select({ id: userCollections.id, name: userCollections.name })
          .from(userCollections)
          .where(
            and(
              eq(userCollections.id, single),
              eq(userCollections.userId, userId),
              eq(userCollections.isPublic, true),
            ),
          )
          .limit(1);
        if (!list) throw notFound(`Collection ${single} of user ${userId}`);
        const items = await ctx.db
          .select({ reviewId: userCollectionItems.reviewId })
          .from(userCollectionItems)
          .where(eq(userCollectionItems.userCollectionId, list.id))
          .orderBy(asc(userCollectionItems.position));
        return {
          id: list.id,
          name: list.name,
          user,
          reviews: await reviewsByIds(
            ctx,
            items.map((i) => i.reviewId),
          ),
        };
      }
      const lists = await ctx.db
        .select({
          id: userCollections.id,
          name: userCollections.name,
          reviewCount: count(userCollectionItems.reviewId),
          posterClip: sql<
            string | null
          >`(array_agg(${reviews.clip} order by ${userCollectionItems.position}))[1]`,
        })
        .from(userCollections)
        .leftJoin(userCollectionItems, eq(userCollectionItems.userCollectionId, userCollections.id))
        .leftJoin(reviews, eq(reviews.id, userCollectionItems.reviewId))
        .where(and(eq(userCollections.userId, userId), eq(userCollections.isPublic, true)))
        .groupBy(userCollections.id)
        .orderBy(desc(userCollections.createdAt), desc(userCollections.id));
      return {
        user,
        data: lists.map((l) => ({
          id: l.id,
          name: l.name,
          review_count: l.reviewCount,
          poster_url: l.posterClip ? ctx.media.clip(l.posterClip, 'jpg') : null,
        })),
      };
    },
  );
};
