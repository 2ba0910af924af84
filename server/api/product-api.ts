import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiNotFound } from '../errors';
import { classificationRoutes } from './classifications';
import { cityRoutes } from './cities';
import { collectionRoutes } from './collections';
import type { ApiContext, ApiRoutes } from './context';
import { eventRoutes } from './events';
import { feedRoutes } from './feeds';
import { locationRoutes } from './locations';
import { reviewRoutes } from './reviews';
import { searchRoutes } from './search';
import { siteCookieRoutes } from './site-cookies';
import { slugRoutes } from './slugs';
import { topicRoutes } from './topics';
import { trackerRoutes } from './trackers';
import { userRoutes } from './users';

/** The product server of spec §7, mounted at /api. */
export const productApi =
  (ctx: ApiContext, more: ApiRoutes[] = []): FastifyPluginAsyncZod =>
  async (app) => {
    for (const routes of [
      feedRoutes,
      cityRoutes,
      topicRoutes,
      slugRoutes,
      userRoutes,
      locationRoutes,
      reviewRoutes,
      collectionRoutes,
      classificationRoutes,
      searchRoutes,
      trackerRoutes,
      eventRoutes,
      siteCookieRoutes,
      ...more,
    ]) {
      await app.register(routes(ctx));
    }
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send(apiNotFound(request.method, request.url)),
    );
  };
