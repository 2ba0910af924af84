import { desc } from 'drizzle-orm';
import { Watch, WatchQuery } from '../../contract/feeds';
import { reviews } from '../../db/schema';
import { errorResponses, type ApiRoutes } from './context';
import { findReviews } from './read-models';

export const feedRoutes: ApiRoutes = (ctx) => async (app) => {
  ctx.reads.register(
    app,
    'watch',
    {
      config: { publicCache: true },
      schema: {
        tags: ['feeds'],
        summary: 'Home results: the best videos right now, one per place',
        querystring: WatchQuery,
        response: { 200: Watch, ...errorResponses },
      },
    },
    async ({ query }) => {
      const { limit, result_type } = query;
      // Read a few extra so that one video per place still fills the list.
      const candidates = await findReviews(
        ctx,
        undefined,
        [desc(reviews.rankScore), reviews.id],
        limit * 3,
      );
      const places = new Set<number>();
      const videos = candidates
        .filter((r) => !places.has(r.location.clm_id) && places.add(r.location.clm_id))
        .slice(0, limit);
      return {
        result_type,
        results: videos.map((video) => ({
          clm_id: video.clm_id,
          result_type: 'review' as const,
          video,
        })),
      };
    },
  );
};
