import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createReadCache } from '../read-cache';
import { createReadRegistry, memoFor } from './read-route';

/** ReadScope.memo: work shared by the reads of one request, a failure not kept. */
describe('the request memo', () => {
  it('runs a key once per request, and again after a failure', async () => {
    const request = {} as FastifyRequest;
    let runs = 0;
    const work = async () => {
      runs++;
      if (runs === 1) throw new Error('the read replica did not answer');
      return `answer ${runs}`;
    };
    const memo = memoFor(request);
    await expect(memo('city:1', work)).rejects.toThrow('did not answer');
    // Asked again (on the primary, as fromReadReplica does): run again, not the same failure.
    await expect(memo('city:1', work)).resolves.toBe('answer 2');
    await expect(memo('city:1', work)).resolves.toBe('answer 2');
    expect(runs).toBe(2);
    // Another request has its own.
    await expect(memoFor({} as FastifyRequest)('city:1', work)).resolves.toBe('answer 3');
  });
});

/** A personal read two loaders of one render ask (the session user) runs once for it. */
describe('the reads of one page render', () => {
  it('ask a personal read once however many loaders ask it, and again in the next render', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000 });
    const registry = createReadRegistry({ cache });
    let lookups = 0;
    registry.register(app, 'me', { schema: { tags: ['user'], summary: 'me' } }, async () => {
      lookups += 1;
      return { status: 'signed_out' as const };
    });
    app.get('/page', async (request, reply) => {
      const reads = registry.pageReads(request, reply, request.log);
      const [root, dashboard] = await Promise.all([reads.me(), reads.me()]);
      return { same: root === dashboard, again: await reads.me() };
    });
    expect((await app.inject('/page')).json()).toEqual({
      same: true,
      again: { status: 'signed_out' },
    });
    expect(lookups).toBe(1);
    await app.inject('/page');
    expect(lookups).toBe(2);
    await app.close();
    cache.close();
  });
});
