import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageCache, type CachedPage } from './page-cache';

const cacheOf = (maxBytes = 1_000_000) => createPageCache({ ttlMs: 60_000, maxBytes });

describe('page cache (server/page-cache.ts)', () => {
  it('keeps the whole page, bytes, headers and script hashes, and sends them as they are', async () => {
    const cache = cacheOf();
    const page: CachedPage = {
      status: 200,
      headers: [['content-type', 'text/html; charset=utf-8']],
      body: Buffer.from('<p>café</p>'),
      scriptHashes: ["'sha256-abc'"],
    };
    await cache.getOrRender('k', async () => ({ page, cacheable: true }));
    const again = await cache.getOrRender('k', rendered('not asked'));
    expect(again.hit).toBe(true);
    expect(again.page).toMatchObject(page);
    expect(again.page.body.equals(page.body)).toBe(true);
    expect(cache.bytes).toBe(page.body.byteLength);
  });

  const rendered =
    (html: string, cacheable = true) =>
    async () => ({
      page: { status: 200, headers: [], body: Buffer.from(html), scriptHashes: [] } as CachedPage,
      cacheable,
    });

  it('renders once for concurrent misses, then answers from memory', async () => {
    const cache = cacheOf();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return rendered('page')();
    };
    const [first, second] = await Promise.all([
      cache.getOrRender('k', render),
      cache.getOrRender('k', render),
    ]);
    expect([first.hit, second.hit]).toEqual([false, true]);
    expect((await cache.getOrRender('k', render)).hit).toBe(true);
    expect(renders).toBe(1);
  });

  it('keeps nothing that is not cacheable', async () => {
    const cache = cacheOf();
    await cache.getOrRender('k', rendered('not found', false));
    expect(cache.size).toBe(0);
    expect((await cache.getOrRender('k', rendered('page'))).hit).toBe(false);
  });

  it('a render that a clear() overtook does not store its page', async () => {
    const cache = cacheOf();
    let release: () => void = () => undefined;
    const slow = cache.getOrRender('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return rendered('before the write')();
    });
    cache.clear();
    release();
    await slow;
    expect(cache.size).toBe(0);
    const after = await cache.getOrRender('k', rendered('after the write'));
    expect(after.hit).toBe(false);
    expect(String(after.page.body)).toBe('after the write');
  });

  describe('stale if error (ADR 062)', () => {
    const unavailable = async () => ({
      page: { status: 503, headers: [], body: Buffer.from('try again'), scriptHashes: [] },
      cacheable: false,
      unavailable: true,
    });
    const textOf = (answer: { page: CachedPage }) => String(answer.page.body);
    // The clock moves when the test says (timers stay real: a render may wait a moment).
    beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
    afterEach(() => vi.useRealTimers());
    const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);

    it('a page past its time answers when the database cannot render it again, for retryMs', async () => {
      const cache = createPageCache({ ttlMs: 20, maxBytes: 1_000_000, retryMs: 10 });
      await cache.getOrRender('k', rendered('before the outage'));
      pass(30);
      let renders = 0;
      const down = () => {
        renders += 1;
        return unavailable();
      };
      const answer = await cache.getOrRender('k', down);
      expect(answer).toMatchObject({ hit: true, stale: true });
      expect(textOf(answer)).toBe('before the outage');
      // within retryMs it answers without a render; past it, one render tries again
      expect(await cache.getOrRender('k', down)).toMatchObject({ hit: true, stale: true });
      expect(renders).toBe(1);
      pass(11);
      expect(textOf(await cache.getOrRender('k', down))).toBe('before the outage');
      expect(renders).toBe(2);
      // back: a render replaces it, and it is an ordinary page again
      pass(11);
      expect(await cache.getOrRender('k', rendered('after'))).toMatchObject({ hit: false });
      expect(await cache.getOrRender('k', down)).toMatchObject({ hit: true, stale: false });
    });

    it('concurrent requests wait for the one render, then all get the stale page', async () => {
      const cache = createPageCache({ ttlMs: 10, maxBytes: 1_000_000, retryMs: 1_000 });
      await cache.getOrRender('k', rendered('kept'));
      pass(20);
      let renders = 0;
      const slow = async () => {
        renders += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return unavailable();
      };
      const answers = await Promise.all([1, 2, 3].map(() => cache.getOrRender('k', slow)));
      expect(answers.map(textOf)).toEqual(['kept', 'kept', 'kept']);
      expect(renders).toBe(1);
    });

    it('no stale page for a new address, after a clear(), or once a render says it is gone', async () => {
      const cache = createPageCache({ ttlMs: 10, maxBytes: 1_000_000 });
      expect(await cache.getOrRender('new', unavailable)).toMatchObject({ hit: false });
      await cache.getOrRender('cleared', rendered('page'));
      cache.clear();
      await cache.getOrRender('gone', rendered('page'));
      pass(20);
      expect(textOf(await cache.getOrRender('cleared', unavailable))).toBe('try again');
      // a render that worked and may not be kept (a 404 now) drops the old page
      await cache.getOrRender('gone', rendered('not found', false));
      expect(textOf(await cache.getOrRender('gone', unavailable))).toBe('try again');
      expect(cache.size).toBe(0);
    });
  });

  it('stays within its bytes, dropping the least recently used first', async () => {
    const cache = cacheOf(100);
    await cache.getOrRender('a', rendered('a'.repeat(20)));
    await cache.getOrRender('b', rendered('b'.repeat(20)));
    await cache.getOrRender('a', rendered('unused')); // a is now the most recently used
    for (const key of ['c', 'd', 'e', 'f']) await cache.getOrRender(key, rendered('x'.repeat(20)));
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect((await cache.getOrRender('b', rendered('b'))).hit).toBe(false);
  });
});
