import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';

/** GET /healthz: the process is up. GET /readyz: and the database answers. */
export function registerHealth(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
      return reply.send({ status: 'ready', database: database.kind });
    } catch (error) {
      request.log.warn({ err: error }, 'database is not answering');
      return reply
        .code(503)
        .send({ error: 'not_ready', message: 'The database is not answering yet' });
    }
  });
}
