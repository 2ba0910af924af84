import type { Locator, Page, Request } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * Issue 37, criterion 2: a client navigation to each kind of page makes exactly one data request
 * (React Router's single fetch: `<path>.data`) besides code chunks, media and records of what
 * was seen. Each step follows a real link of the page before it, from one first load.
 */

/** The requests a page makes for data: fetches and XHRs that read (GET), not the script chunks. */
function dataReads(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (!['fetch', 'xhr'].includes(request.resourceType()) || request.method() !== 'GET') return;
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') || pathname.startsWith('/media/')) return;
    seen.push(request);
  });
  return seen;
}

/** Follows `link` on the client, waits for `screen` to be shown, and answers what was read. */
async function follow(page: Page, reads: Request[], link: Locator, screen: string) {
  await expect(link).toBeVisible();
  reads.length = 0;
  const before = await page.evaluate(() => performance.getEntriesByType('navigation').length);
  await link.click();
  await expect(page.locator('main#main')).toHaveAttribute('data-screen', screen);
  await page.waitForLoadState('networkidle');
  // Still the same document: the page was not loaded anew.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before);
  return reads.map((request) => {
    const url = new URL(request.url());
    return url.pathname;
  });
}

test('a client navigation to each kind of page makes exactly one data request', async ({
  page,
}) => {
  const reads = dataReads(page);
  await page.goto('/reviews/148734');
  await hydrated(page);
  const main = page.locator('main#main');

  const creator = await follow(page, reads, main.locator('a[href^="/users/"]').first(), 'user');
  expect(creator).toEqual([expect.stringMatching(/^\/users\/[^/]+\.data$/)]);

  const list = main.locator('a[href*="/collections/"]').first();
  if ((await list.count()) > 0) {
    const collection = await follow(page, reads, list, 'user-collection');
    expect(collection).toEqual([expect.stringMatching(/\/collections\/\d+\.data$/)]);
    await page.goBack();
    await expect(main).toHaveAttribute('data-screen', 'user');
  }

  const place = await follow(
    page,
    reads,
    main.locator('a[href^="/location/"]').first(),
    'location',
  );
  expect(place).toEqual([expect.stringMatching(/^\/location\/[^/]+\/[^/]+\.data$/)]);

  const review = await follow(page, reads, main.locator('a[href^="/reviews/"]').first(), 'review');
  expect(review).toEqual([expect.stringMatching(/^\/reviews\/\d+\.data$/)]);

  // The logo: the landing page (the root shows it in the consumer set too).
  const landing = await follow(
    page,
    reads,
    page.getByRole('link', { name: 'Spotreel home' }).first(),
    'landing',
  );
  expect(landing).toEqual(['/_root.data']);

  const city = await follow(
    page,
    reads,
    main.getByRole('link', { name: /^Chicago/ }).first(),
    'city',
  );
  expect(city).toEqual(['/city/il/chicago.data']);

  const feed = await follow(
    page,
    reads,
    page.getByRole('link', { name: 'Watch the feed' }),
    'feed',
  );
  expect(feed).toEqual(['/feed.data']);
});
