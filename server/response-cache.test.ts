import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createResponseCache, responseCachePlugin } from './response-cache';

/**
 * The response cache never keeps an answer begun before a clear() (a public write): on a read
 * replica that had not replayed the write yet, or on the primary just before it, that answer is
 * stale and would be served for the cache's whole lifetime (ADR 008, ADR 040).
 */
describe('response cache and writes', () => {
  it('does not store an answer begun before the last clear()', () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1_000_000 });
    const entry = { body: '{}', etag: '"x"', contentType: 'application/json' };
    const begun = cache.generation;
    cache.clear();
    cache.set('/a', entry, begun);
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/a', entry, cache.generation);
    expect(cache.get('/a')?.body).toBe('{}');
  });

  it('answers from the database again after a write that came while a read was under way', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1_000_000 });
    const app = Fastify();
    await app.register(responseCachePlugin, { cache });
    let value = 'old';
    let reads = 0;
    let release: (() => void) | null = null;
    app.get('/thing', { config: { publicCache: true } }, async () => {
      reads += 1;
      const seen = value;
      // The first read is slow: the write lands while it runs.
      if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
      return { value: seen };
    });
    await app.ready();
    const slow = app.inject('/thing');
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    value = 'new';
    cache.clear();
    // A request after the write does not wait for the read begun before it.
    const after = await app.inject('/thing');
    expect(after.json()).toEqual({ value: 'new' });
    (release as () => void)();
    expect((await slow).json()).toEqual({ value: 'old' });
    // …and the old answer, finished after the write, was not kept.
    expect((await app.inject('/thing')).json()).toEqual({ value: 'new' });
    await app.close();
  });
});

/** Its bounds (ADR 063): what a flood of new URLs fills is capped, and given back after it. */
describe('response cache bounds', () => {
  const entry = (bytes: number) => ({
    body: 'x'.repeat(bytes),
    etag: '"x"',
    contentType: 'application/json',
  });

  it('keeps at most maxBytes of answers, the least recently used going first', () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 1_000, maxBytes: 10_000 });
    for (let i = 0; i < 100; i++) cache.set(`/a/${i}`, entry(1_000), cache.generation);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.size).toBeLessThan(10);
    expect(cache.get('/a/99')).toBeDefined();
    expect(cache.get('/a/0')).toBeUndefined();
    cache.close();
  });

  it('drops answers past their time without being asked for them again', async () => {
    const cache = createResponseCache({ ttlMs: 50, maxEntries: 1_000, maxBytes: 1_000_000 });
    for (let i = 0; i < 20; i++) cache.set(`/b/${i}`, entry(100), cache.generation);
    expect(cache.size).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.close();
  });

  it('keeps nothing with 0 megabytes', () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 1_000, maxBytes: 0 });
    cache.set('/c', entry(10), cache.generation);
    expect(cache.enabled).toBe(false);
    expect(cache.get('/c')).toBeUndefined();
    cache.close();
  });
});
