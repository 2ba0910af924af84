import type { Page } from '@playwright/test';
import { expect, hydrated, isMobile, test } from './fixtures';

/**
 * In-app links (React Router's own Link, ADR 067): a plain click navigates inside the page,
 * anything else is the browser's, and a link to the page shown adds no history entry.
 */
test.describe('in-app links (ADR 067)', () => {
  const PLACE = '/locations/anything-1001';

  /** Marks this document: the mark survives client navigations and is gone after a page load. */
  const mark = (page: Page) =>
    page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
  const sameDocument = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
    );
  const historyLength = (page: Page) => page.evaluate(() => window.history.length);
  const crumb = (page: Page, index: number) =>
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(index);

  test('a plain click navigates inside the page, and Back returns', async ({ page }) => {
    await page.goto(PLACE);
    await hydrated(page);
    const placeUrl = page.url();
    await mark(page);
    const entries = await historyLength(page);
    const city = crumb(page, 1);
    const href = (await city.getAttribute('href'))!;
    expect(href).toMatch(/^\/city\/[a-z]{2}\/[a-z-]+$/);
    // The same HTML as React Router's <Link>: its route discovery looks for this attribute.
    await expect(city).toHaveAttribute('data-discover', 'true');

    await city.click();
    await expect(page).toHaveURL(new URL(href, placeUrl).href);
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'city');
    expect(await sameDocument(page)).toBe(true);
    expect(await historyLength(page)).toBe(entries + 1);

    await page.goBack();
    await expect(page).toHaveURL(placeUrl);
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'location');
    expect(await sameDocument(page)).toBe(true);
  });

  test('a click with a modifier key is the browser’s: a new tab opens, this page stays', async ({
    page,
    context,
  }) => {
    test.skip(isMobile(page), 'a phone has no modifier keys');
    await page.goto(PLACE);
    await hydrated(page);
    const placeUrl = page.url();
    await mark(page);
    const city = crumb(page, 1);
    const href = (await city.getAttribute('href'))!;

    const target = new URL(href, placeUrl).href;
    // The new tab asks for the link: its navigation request is the proof. (Waiting for the tab
    // to load is not: a headless Chromium under load may hold a background tab back for good.)
    const [opened, asked] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('request', (request) => request.url() === target),
      city.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    expect(asked.isNavigationRequest()).toBe(true);
    expect(asked.frame().page()).toBe(opened);
    await opened.close();
    expect(page.url()).toBe(placeUrl);
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'location');
    expect(await sameDocument(page)).toBe(true);
  });

  test('a link to the page already shown adds no history entry', async ({ page }) => {
    await page.goto(PLACE);
    await hydrated(page);
    await mark(page);
    await crumb(page, 0).click();
    await expect(page).toHaveURL(/\/$/);
    const entries = await historyLength(page);

    // The logo links home: here, the page already shown.
    const logo = page.getByRole('link', { name: 'Spotreel home' }).first();
    await expect(logo).toHaveAttribute('href', '/');
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sameDocument(page)).toBe(true);
    expect(await historyLength(page)).toBe(entries);
  });

  test('a link that opens elsewhere (target="_blank") is the browser’s', async ({
    page,
    context,
  }) => {
    await page.goto('/kygo-sweepstakes');
    await hydrated(page);
    await mark(page);
    const rules = page.locator('form').getByRole('link', { name: 'official rules' });
    await expect(rules).toHaveAttribute('target', '_blank');
    const [opened] = await Promise.all([context.waitForEvent('page'), rules.click()]);
    await opened.waitForLoadState('domcontentloaded');
    expect(new URL(opened.url()).pathname).toBe('/kygo-sweepstakes-rules');
    await opened.close();
    expect(new URL(page.url()).pathname).toBe('/kygo-sweepstakes');
    expect(await sameDocument(page)).toBe(true);
  });

  test('a link’s own click handler goes first; after it, the router’s address decides', async ({
    page,
  }) => {
    test.skip(isMobile(page), 'the top bar’s links are in the menu on a phone');
    await page.goto('/');
    await hydrated(page);
    await mark(page);
    const entries = await historyLength(page);
    // Brands scrolls to its section on the home page: its handler prevents the navigation and
    // sets the hash past the router (history.replaceState).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Brands' })
      .click();
    await expect(page).toHaveURL(/\/#brands$/);
    expect(await historyLength(page)).toBe(entries);
    // For the router the page is still "/": the logo replaces, as React Router's Link would.
    await page.getByTestId('top-nav').getByRole('link', { name: 'Spotreel home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sameDocument(page)).toBe(true);
    expect(await historyLength(page)).toBe(entries);
  });
});
