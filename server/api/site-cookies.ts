import { z } from 'zod';
import { ensureSiteCookies } from '../security';
import type { ApiRoutes } from './context';

/**
 * The cookies a page's script needs before its first write, view record or analytics event:
 * the device id and its CSRF token, and the distinct id (spec §3). A page a shared cache may
 * keep sets no cookie, so its script asks here once when one is missing
 * (docs/decisions/070-pages-a-shared-cache-can-hold.md).
 */
export const siteCookieRoutes: ApiRoutes = () => async (app) => {
  app.get(
    '/cookies',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "Sets the browser's device id, CSRF token and distinct id cookies when missing (a cached page sets none)",
        response: { 204: z.null().describe('No content: the cookies are set') },
      },
    },
    async (request, reply) => {
      ensureSiteCookies(request, reply);
      return reply.code(204).header('cache-control', 'private, no-store').send(null);
    },
  );
};
