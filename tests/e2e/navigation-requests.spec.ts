import type { Locator, Page, Request } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * Issue 37, criterion 2: a client navigation to each kind of page makes exactly one data request
 * (React Router's single fetch: `<path>.data`) besides code chunks and media. The page may ask
 * for more by itself once it is shown (the next videos of a feed in view, say): those it also
 * asks for after a document load of the same address, and they are not the navigation's.
 * Each step follows a real link of the page before it, from one first load.
 */

/** The data a page reads: fetches and XHRs that GET (not script chunks, media or writes). */
function dataReads(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (!['fetch', 'xhr'].includes(request.resourceType()) || request.method() !== 'GET') return;
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/media/')) return;
    seen.push(url.pathname);
  });
  return seen;
}

/** What `path` reads by itself once loaded as a document and hydrated. */
async function readsOfItsOwn(page: Page, path: string): Promise<string[]> {
  const other = await page.context().newPage();
  const reads = dataReads(other);
  await other.goto(path);
  await hydrated(other);
  await other.waitForLoadState('networkidle');
  await other.close();
  return reads.sort();
}

/**
 * Follows `link` on the client and waits for `screen`; answers the requests the navigation
 * made beyond what the page reads by itself.
 */
async function follow(page: Page, reads: string[], link: Locator, screen: string) {
  await expect(link).toBeVisible();
  // Scrolled to the link first: what the page before loads as it scrolls is its own.
  await link.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  reads.length = 0;
  const documents = await page.evaluate(() => performance.getEntriesByType('navigation').length);
  await link.click();
  await expect(page.locator('main#main')).toHaveAttribute('data-screen', screen);
  await page.waitForLoadState('networkidle');
  // Still the same document: the page was not loaded anew.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
    documents,
  );
  const own = await readsOfItsOwn(page, new URL(page.url()).pathname + new URL(page.url()).search);
  const extra = [...reads];
  for (const path of own) {
    const at = extra.indexOf(path);
    if (at !== -1) extra.splice(at, 1);
  }
  return extra;
}

test('a client navigation to each kind of page makes exactly one data request', async ({
  page,
}) => {
  const reads = dataReads(page);
  await page.goto('/reviews/148734');
  await hydrated(page);
  const main = page.locator('main#main');

  const place = await follow(
    page,
    reads,
    main.locator('a[href^="/location/"]').first(),
    'location',
  );
  expect(place).toEqual([expect.stringMatching(/^\/location\/[^/]+\/[^/]+\.data$/)]);

  const review = await follow(page, reads, main.locator('a[href^="/reviews/"]').first(), 'review');
  expect(review).toEqual([expect.stringMatching(/^\/reviews\/\d+\.data$/)]);

  const creator = await follow(page, reads, main.locator('a[href^="/users/"]').first(), 'user');
  expect(creator).toEqual([expect.stringMatching(/^\/users\/[^/]+\.data$/)]);

  // The footer's feed link, from a page with no list that grows as it scrolls.
  const feed = page.getByRole('link', { name: 'Watch the feed' });
  expect(await follow(page, reads, feed, 'feed')).toEqual(['/feed.data']);
  await page.goBack();
  await expect(main).toHaveAttribute('data-screen', 'user');

  // A creator's list, when this creator has one: the feed screen of a collection.
  const list = main.locator('a[href*="/collections/"]').first();
  if ((await list.count()) > 0) {
    const collection = await follow(page, reads, list, 'user-collection');
    expect(collection).toEqual([expect.stringMatching(/\/collections\/\d+\.data$/)]);
  }

  // The logo: the landing page (the root shows it in the consumer set too).
  const logo = page.getByRole('link', { name: 'Spotreel home' }).first();
  expect(await follow(page, reads, logo, 'landing')).toEqual(['/_.data']);

  const chicago = main.getByRole('link', { name: /^Chicago/ }).first();
  expect(await follow(page, reads, chicago, 'city')).toEqual(['/city/il/chicago.data']);
});
