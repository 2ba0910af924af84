import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { memoFor } from './read-route';

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
