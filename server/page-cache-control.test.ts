import { describe, expect, it } from 'vitest';
import { pageCacheControl, sharedCacheTimes, type PageAnswer } from './page-cache-control';

const everyones: PageAnswer = {
  status: 200,
  html: true,
  anonymous: true,
  flagsUniform: true,
  publicReads: true,
  setsCookie: false,
};
const shared = sharedCacheTimes(30_000);

describe('pageCacheControl', () => {
  it('lets a shared cache keep a page that is the same for everyone', () => {
    expect(pageCacheControl(everyones, shared)).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
    );
  });

  it.each<[string, Partial<PageAnswer>]>([
    ['a session', { anonymous: false }],
    ['flags that tell people apart', { flagsUniform: false }],
    ['a personal read', { publicReads: false }],
    ['a cookie set', { setsCookie: true }],
    ['a 404', { status: 404 }],
    ['a redirect', { status: 302, html: false }],
    ['no HTML (HEAD)', { html: false }],
  ])('keeps the page private with %s', (_, change) => {
    expect(pageCacheControl({ ...everyones, ...change }, shared)).toBe('private, no-cache');
  });

  it('keeps every page private when the page cache is off', () => {
    expect(sharedCacheTimes(0)).toBeNull();
    expect(sharedCacheTimes(999)).toBeNull();
    expect(pageCacheControl(everyones, null)).toBe('private, no-cache');
  });

  it('lets nobody keep a page the database could not serve', () => {
    expect(pageCacheControl({ ...everyones, status: 503 }, shared)).toBe('no-store');
  });

  it("keeps a route's own choice", () => {
    expect(pageCacheControl({ ...everyones, own: 'public, max-age=60' }, shared)).toBe(
      'public, max-age=60',
    );
  });
});
