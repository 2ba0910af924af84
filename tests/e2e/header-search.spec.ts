import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, shown, test } from './fixtures';

/**
 * Issue 38, part 4 (docs/decisions/078-search-from-every-page.md): the header carries search on
 * every page with a full header, at every width: the home page's combobox, with the visitor's
 * recent searches, opened from a search button; Escape closes it and gives the focus back.
 */

const PAGES: [string, string][] = [
  ['place', '/location/new-york-ny/nonna-camilas-1034'],
  ['video', '/reviews/148734'],
  ['creator', '/users/spotreel'],
  ['collection', '/collections/1'],
  ['feed', '/feed'],
];

const button = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
const box = (page: Page) => page.getByRole('combobox', { name: 'Search all of Spotreel' });

async function openSearch(page: Page) {
  await button(page).click();
  await expect(button(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(box(page)).toBeFocused();
}

for (const [what, path] of PAGES) {
  test(`the ${what} page's header searches: suggestions, then Enter opens the results`, async ({
    page,
  }) => {
    await page.goto(path);
    await hydrated(page);
    // one combobox per page until the visitor asks for the header's
    await expect(box(page)).toHaveCount(0);
    await expect(button(page)).toBeVisible();
    await openSearch(page);
    await box(page).fill('pizza');
    const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/\?q=pizza$/);
    await expect.poll(async () => (await shown(page)).screen).toBe('search');
    await expect(page.getByTestId('results-headline')).toHaveText(/^Pizza/);
    // a new page closes the header's search
    await expect(box(page)).toHaveCount(0);
  });
}

test('Escape closes the suggestions, then the search, and the focus goes back to the button', async ({
  page,
}) => {
  await page.goto('/users/spotreel');
  await hydrated(page);
  await openSearch(page);
  await box(page).fill('sushi');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(box(page)).toHaveValue('sushi');
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveCount(0);
  await expect(button(page)).toBeFocused();
  await expect(button(page)).toHaveAttribute('aria-expanded', 'false');
  // Space opens it again from the keyboard; the close button closes it
  await page.keyboard.press(' ');
  await expect(box(page)).toBeFocused();
  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(box(page)).toHaveCount(0);
  await expect(button(page)).toBeFocused();
});

test('the header offers the recent searches on another page; one opens its results', async ({
  page,
}) => {
  await page.goto('/feed');
  await hydrated(page);
  await openSearch(page);
  await box(page).fill('tacos');
  await box(page).press('Enter');
  await expect(page).toHaveURL(/\/\?q=tacos$/);

  await page.goto('/location/new-york-ny/nonna-camilas-1034');
  await hydrated(page);
  await openSearch(page);
  const recent = page.getByRole('group', { name: 'Recent searches' });
  await expect(recent.getByRole('option', { name: 'tacos' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\?q=tacos$/);
  await expect(page.getByTestId('results-headline')).toHaveText(/^Tacos/);
});

test('a business page searches with a full load into the consumer pages', async ({ page }) => {
  await page.goto('/biz');
  await hydrated(page);
  await openSearch(page);
  await box(page).fill('pizza');
  await box(page).press('Enter');
  await expect(page).toHaveURL(/\/\?q=pizza$/);
  await expect(page.getByTestId('results-headline')).toHaveText(/^Pizza/);
  // the route set is a first load's: the results page's own, not the business one
  expect((await shown(page)).set).not.toBe('business');
});

test('the open search has no serious or critical axe finding', async ({ page }) => {
  await page.goto('/location/new-york-ny/nonna-camilas-1034');
  await hydrated(page);
  await openSearch(page);
  await box(page).fill('pizza');
  await expect(page.getByRole('option').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header’s search is a link to the results page’s own search box', async ({ page }) => {
    await page.goto('/reviews/148734');
    await button(page).click();
    await expect(page).toHaveURL(/\/\?q=$/);
    const own = page.getByRole('combobox').first();
    await own.fill('pizza');
    await own.press('Enter');
    await expect(page).toHaveURL(/\/\?q=pizza$/);
  });
});
