import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * GET /api/_bench/baseline?bytes=N: a precomputed JSON answer of N bytes that touches no
 * database — what the same server does at best. Only mounted with BENCH_BASELINE=true
 * (bench/api.ts compares every read endpoint with it).
 */
export function registerBenchBaseline(app: FastifyInstance) {
  const bodies = new Map<number, string>();
  const bodyOf = (bytes: number) => {
    let body = bodies.get(bytes);
    if (!body) {
      const skeleton = JSON.stringify({ data: '' });
      body = JSON.stringify({ data: 'x'.repeat(Math.max(0, bytes - skeleton.length)) });
      bodies.set(bytes, body);
    }
    return body;
  };
  app.get(
    '/api/_bench/baseline',
    {
      schema: {
        hide: true,
        querystring: z.object({ bytes: z.coerce.number().int().min(2).max(5_000_000) }),
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(bodyOf((request.query as { bytes: number }).bytes)),
  );
}
