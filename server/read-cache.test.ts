import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { etagOf } from './etag';
import { createReadCache } from './read-cache';

const options = { ttlMs: 60_000, maxEntries: 1_000, maxBytes: 1_000_000 };

/** A read served at /thing through the cache, as read-route does: a URL asked before first. */
async function serverOf(cache: ReturnType<typeof createReadCache>, read: () => Promise<unknown>) {
  const app = Fastify();
  app.get(
    '/thing',
    {
      preValidation: (request, reply, done) => {
        if (!cache.sendKept(request, reply)) done();
      },
    },
    (request, reply) => cache.respond(request, reply, 'thing', read),
  );
  await app.ready();
  return app;
}

/**
 * Never keeps an answer begun before a clear() (a public write): on a read replica that had not
 * replayed the write yet, or on the primary just before it, that answer is stale (ADR 040).
 */
describe('the read cache and writes', () => {
  it('answers from the database again after a write that came while a read was under way', async () => {
    const cache = createReadCache(options);
    let value = 'old';
    let reads = 0;
    let release: (() => void) | null = null;
    const app = await serverOf(cache, async () => {
      reads += 1;
      const seen = value;
      // The first read is slow: the write lands while it runs.
      if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
      return { value: seen };
    });
    const slow = app.inject('/thing');
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    value = 'new';
    cache.clear();
    // A request after the write does not wait for the read begun before it…
    expect((await app.inject('/thing')).json()).toEqual({ value: 'new' });
    (release as () => void)();
    expect((await slow).json()).toEqual({ value: 'old' });
    // …and the old answer, finished after the write, was not kept; a page render sees it too.
    expect((await app.inject('/thing')).json()).toEqual({ value: 'new' });
    await expect(cache.answer('thing', async () => ({ value: 'unasked' }))).resolves.toEqual({
      value: 'new',
    });
    await app.close();
    cache.close();
  });
});

describe('one answer for /api calls and page renders', () => {
  it('reads once for a burst, and for a page render after it', async () => {
    const cache = createReadCache(options);
    let reads = 0;
    const app = await serverOf(cache, async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { reads };
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject('/thing')));
    expect(reads).toBe(1);
    expect(answers.filter((a) => a.headers['x-cache'] === 'hit')).toHaveLength(9);
    const etag = answers[0]!.headers.etag as string;
    expect(etag).toBe(etagOf(answers[0]!.body));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(answers[0]!.headers['cache-control']).toContain('stale-while-revalidate');
    const unchanged = await app.inject({ url: '/thing', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    // Another URL of the same read (its input in another order, say) finds the same answer.
    const other = await app.inject('/thing?');
    expect(other.headers['x-cache']).toBe('hit');
    expect(other.body).toBe(answers[0]!.body);
    await expect(cache.answer('thing', async () => ({ reads: -1 }))).resolves.toEqual({ reads: 1 });
    // A client that asks for no stored answer gets the database's, and so does whoever comes next.
    const fresh = await app.inject({ url: '/thing', headers: { 'cache-control': 'no-cache' } });
    expect(fresh.json()).toEqual({ reads: 2 });
    expect((await app.inject('/thing')).json()).toEqual({ reads: 2 });
    await app.close();
    cache.close();
  });

  it("serves a page render's answer to /api, made into bytes on its first call", async () => {
    const cache = createReadCache(options);
    await cache.answer('thing', async () => ({ from: 'page' }));
    const app = await serverOf(cache, async () => ({ from: 'api' }));
    const first = await app.inject('/thing');
    expect(first.json()).toEqual({ from: 'page' });
    expect(first.headers['x-cache']).toBe('hit');
    expect(first.headers.etag).toBe(etagOf(first.body));
    await app.close();
    cache.close();
  });

  it("keeps a route's own tagged bytes, and gives a page render their answer", async () => {
    const cache = createReadCache(options);
    const bytes = Buffer.from(JSON.stringify({ term: 'sushi' }));
    const app = Fastify();
    app.get('/search', (request, reply) =>
      cache.respond(request, reply, 'search', async () => {
        reply.type('application/json; charset=utf-8').header('etag', '"thread-tag"');
        return bytes;
      }),
    );
    const first = await app.inject('/search');
    expect(first.rawPayload.equals(bytes)).toBe(true);
    expect(first.headers.etag).toBe('"thread-tag"');
    const again = await app.inject('/search');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.rawPayload.equals(bytes)).toBe(true);
    await expect(cache.answer('search', async () => null)).resolves.toEqual({ term: 'sushi' });
    await app.close();
    cache.close();
  });

  it('keeps no failure: the next asker reads again', async () => {
    const cache = createReadCache(options);
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) throw new Error('the read replica did not answer');
      return { reads };
    };
    await expect(cache.answer('thing', read)).rejects.toThrow('did not answer');
    await expect(cache.answer('thing', read)).resolves.toEqual({ reads: 2 });
    await expect(cache.answer('thing', read)).resolves.toEqual({ reads: 2 });
    cache.close();
  });
});

/** Its bounds (ADR 063): what a flood of new reads fills is capped, and given back after it. */
describe('the read cache bounds', () => {
  const fill = async (cache: ReturnType<typeof createReadCache>, prefix: string, n: number) => {
    for (let i = 0; i < n; i++) await cache.answer(`${prefix}/${i}`, async () => 'x'.repeat(1_000));
  };

  it('keeps at most maxBytes of answers, the least recently used going first', async () => {
    const cache = createReadCache({ ...options, maxBytes: 10_000 });
    await fill(cache, 'a', 100);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.size).toBeLessThan(10);
    await expect(cache.answer('a/99', async () => 'again')).resolves.not.toBe('again');
    await expect(cache.answer('a/0', async () => 'again')).resolves.toBe('again');
    cache.close();
  });

  it('drops answers past their time without being asked for them again', async () => {
    const cache = createReadCache({ ...options, ttlMs: 50 });
    await fill(cache, 'b', 20);
    expect(cache.size).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.close();
  });

  it('keeps nothing with 0 megabytes, and still tags /api answers', async () => {
    const cache = createReadCache({ ...options, maxBytes: 0 });
    let reads = 0;
    const app = await serverOf(cache, async () => ({ reads: ++reads }));
    const first = await app.inject('/thing');
    expect(first.headers.etag).toBe(etagOf(first.body));
    expect((await app.inject('/thing')).json()).toEqual({ reads: 2 });
    expect(cache.enabled).toBe(false);
    expect(cache.size).toBe(0);
    await app.close();
    cache.close();
  });
});
