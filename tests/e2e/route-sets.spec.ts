import type { Page } from '@playwright/test';
import { expect, hydrated, isMobile, shown, test } from './fixtures';

test.describe('route sets (spec §2)', () => {
  test('the first load decides the set, and client navigation stays in it', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const mobile = isMobile(page);
    // spec §2.1: the root on a desktop shows the landing page for every path.
    expect((await shown(page)).set).toBe(mobile ? 'consumer' : 'landing');

    await page
      .getByRole('link', { name: /^Chicago/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/city\/il\/chicago$/);
    // Inside the landing set /city/il/chicago would show the landing page again, so on a
    // desktop the city tile loads a new page, which decides the set from its own path.
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'city');
    await expect(page.getByRole('heading', { level: 1, name: 'Chicago' })).toBeVisible();
    expect((await shown(page)).set).toBe('consumer');

    // A full reload decides again, and shows the same.
    await page.reload();
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'city');
    await expect(page.getByRole('heading', { level: 1, name: 'Chicago' })).toBeVisible();
  });

  // One test per link: each opens / afresh, follows the link and checks a new page was loaded.
  for (const [name, screen, url, follow] of <
    [string, string, RegExp, (page: Page) => Promise<void>][]
  >[
    [
      'Start watching',
      'feed',
      /\/feed$/,
      (page) => page.locator('main#main').getByRole('link', { name: 'Start watching' }).click(),
    ],
    [
      'See all',
      'feed',
      /\/feed$/,
      (page) =>
        page
          .locator('main#main')
          .getByRole('link', { name: /^See all/ })
          .click(),
    ],
    [
      'a city tile',
      'city',
      /\/city\/il\/chicago$/,
      (page) =>
        page
          .locator('main#main')
          .getByRole('link', { name: /^Chicago/ })
          .first()
          .click(),
    ],
    [
      'a video tile',
      'review',
      /\/reviews\/\d+$/,
      (page) =>
        page
          .getByRole('list', { name: 'What locals are watching' })
          .getByRole('link')
          .first()
          .click(),
    ],
    [
      'a search result',
      'location',
      /\/location\/[a-z-]+\/[a-z0-9-]+-\d+$/,
      async (page) => {
        const box = page.getByRole('combobox', { name: 'Search Spotreel' });
        await box.fill('pizza');
        await expect(
          page
            .getByRole('listbox')
            .getByRole('group', { name: 'Places' })
            .getByRole('option')
            .first(),
        ).toBeVisible();
        await box.press('ArrowDown');
        await box.press('Enter');
      },
    ],
  ])
    test(`on a desktop first load at /, ${name} on the landing page opens the page it names`, async ({
      page,
    }) => {
      test.skip(isMobile(page), 'spec §2.1: only a desktop first load at / gets the landing set');
      await page.goto('/');
      await hydrated(page);
      expect((await shown(page)).set).toBe('landing');
      await page.evaluate(() => {
        (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
      });
      await follow(page);
      await expect(page).toHaveURL(url);
      await expect(page.locator('main#main')).toHaveAttribute('data-screen', screen);
      expect(await shown(page)).toMatchObject({ set: 'consumer', screen });
      // a full page load: the old window's marker is gone
      expect(
        await page.evaluate(
          () => (window as unknown as { __sameDocument?: boolean }).__sameDocument ?? false,
        ),
      ).toBe(false);
    });

  test('a consumer path opens the consumer set; its links stay in it', async ({ page }) => {
    await page.goto('/city/il/chicago');
    await hydrated(page);
    expect(await shown(page)).toMatchObject({ set: 'consumer', screen: 'city' });
    await page.getByRole('link', { name: 'Watch the feed' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'feed');
    // Inside the consumer set /biz would show the landing page (spec §2.4 "any other path"), so
    // the footer's link into the business area loads a new page, which decides the set again.
    await page.getByRole('link', { name: 'Biz Owners' }).click();
    await expect(page).toHaveURL(/\/biz$/);
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'biz-landing');
    await expect(page.locator('main#main')).toHaveAttribute('data-route-set', 'business');
  });

  test('a business path opens the business set; other paths show the business landing', async ({
    page,
    consoleProblems,
  }) => {
    consoleProblems.allow(/status of 404/); // an unknown business path is a 404 (ADR 031)
    await page.goto('/biz/no-such-page');
    expect(await shown(page)).toMatchObject({ set: 'business', screen: 'biz-landing' });
    await page.goto('/biz');
    await hydrated(page);
    expect(await shown(page)).toMatchObject({ set: 'business', screen: 'biz-landing' });
    // Inside the business set /feed would show the business landing too, so the footer's link
    // to the feed loads a new page, which decides the set again.
    await page.getByRole('link', { name: 'Watch the feed' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'feed');
    await expect(page.locator('main#main')).toHaveAttribute('data-route-set', 'consumer');
  });

  test('any path containing "biz" is the business set', async ({ page, consoleProblems }) => {
    consoleProblems.allow(/status of 404/); // /users/bizzy names no business page: a 404
    await page.goto('/users/bizzy');
    expect(await shown(page)).toMatchObject({ set: 'business', screen: 'biz-landing' });
    await page.goto('/biz/dashboard/growth');
    expect(await shown(page)).toMatchObject({ set: 'business', screen: 'biz-dashboard' });
  });

  test('a campaign path opens the campaign set', async ({ page }) => {
    await page.goto('/scholarship');
    await hydrated(page);
    expect(await shown(page)).toMatchObject({ set: 'campaign', screen: 'scholarship' });
    await page.getByRole('link', { name: 'Become a creator' }).click();
    await expect(page).toHaveURL(/\/creators$/);
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'creators');
    await expect(page.locator('main#main')).toHaveAttribute('data-route-set', 'campaign');
  });

  test('an unknown path shows the landing page, with status 404 (not a soft 404)', async ({
    page,
    consoleProblems,
  }) => {
    consoleProblems.allow(/status of 404/); // Chromium logs a 404 document
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(await shown(page)).toMatchObject({ set: 'consumer', screen: 'landing' });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Find your next');
    // It says so first: a status message above the landing, focused once the page is React's.
    const notice = page.getByRole('status').filter({ hasText: 'We couldn’t find that page' });
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    const noticeBox = (await notice.boundingBox())!;
    const titleBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(titleBox.y);
    // Tidy on the narrowest phone: nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(notice).toBeVisible();
    expect((await notice.boundingBox())!.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    // The real landing says nothing of the kind.
    await page.goto('/');
    await expect(page.getByText('We couldn’t find that page')).toHaveCount(0);
    // The business area's own "any other path" is the business landing, also a 404.
    const biz = await page.goto('/biz/no-such-page');
    expect(biz?.status()).toBe(404);
    expect(await shown(page)).toMatchObject({ set: 'business', screen: 'biz-landing' });
    // The real addresses stay 200.
    for (const path of ['/', '/biz', '/feed'])
      expect((await page.goto(path))?.status(), path).toBe(200);
  });
});
