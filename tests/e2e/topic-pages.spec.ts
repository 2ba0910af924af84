import type { Page } from '@playwright/test';
import { expect, hydrated, shown, test } from './fixtures';

/**
 * Issue 39, criterion 5 (spec §2.6): topic pages are reached from the product — the city page's
 * strongest topics, a place page's "More {kind} in …", and the results page when the search is
 * exactly a kind and a place. Kinds are read from the page, so it holds for any seeded world.
 */

async function expectTopicPage(page: Page, path: RegExp) {
  await expect(page).toHaveURL(path);
  await hydrated(page);
  expect((await shown(page)).screen).toBe('topic');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Best .+ in .+/);
  const places = page.getByTestId('topic-places').locator('li');
  expect(await places.count()).toBeGreaterThanOrEqual(5);
  // each place: poster, its numbers, why it ranks; open now once the browser knows the time
  await expect(places.first().locator('img')).toBeVisible();
  await expect(places.first()).toContainText(/\d+ videos? by \d+ creators?/);
}

test('the city page, a place page and a kind-and-city search lead to topic pages', async ({
  page,
}) => {
  await page.goto('/city/il/chicago');
  await hydrated(page);
  const cityTopic = page.getByTestId('city-topics').getByRole('link').first();
  const chip = (await cityTopic.textContent()) ?? '';
  const title = /^Best (.+) in Chicago/.exec(chip)?.[1];
  expect(title, chip).toBeTruthy();
  await cityTopic.click();
  await expectTopicPage(page, /\/city\/il\/chicago\/[a-z0-9-]+$/);
  const topicPath = new URL(page.url()).pathname;

  // a place of the list links its own topics back
  await page.getByTestId('topic-places').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/location\/chicago-il\//);
  await hydrated(page);
  const more = page.getByTestId('place-topics').getByRole('link');
  await expect(more.first()).toHaveText(/^More .+ in .+/);
  const morePath = await more.first().getAttribute('href');
  await more.first().click();
  await expectTopicPage(page, new RegExp(`${morePath}$`));

  // the search "{kind} in chicago" offers the city's topic page
  await page.goto(`/?q=${encodeURIComponent(`${title!.toLowerCase()} in chicago`)}`);
  await hydrated(page);
  const offer = page.getByTestId('topic-offer');
  await expect(offer).toHaveAttribute('href', topicPath);
  await offer.click();
  await expectTopicPage(page, new RegExp(`${topicPath}$`));
});
