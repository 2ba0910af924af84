import type { Page } from '@playwright/test';
import { expect, hydrated, isMobile, test } from './fixtures';

const cityTiles = (page: Page) =>
  page.getByRole('list', { name: /^Videos from Chicago/ }).getByRole('listitem');

test.describe('the city feed loads on as the visitor scrolls (issue 17 item 17)', () => {
  test('a fast flick to the bottom keeps loading until a screen of videos waits below', async ({
    page,
  }) => {
    test.skip(!isMobile(page), 'the phone page, whose footer is 1,300 px tall');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    await expect(cityTiles(page)).toHaveCount(4);
    // One fast flick, all the way down: past the list, the button and the footer.
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' }),
    );
    // The list grows to where the visitor is, and on until more than a screen and a half of
    // videos waits below what they see (or to its end).
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            if (document.body.textContent?.includes('You’ve reached the end of Chicago'))
              return true;
            const tiles = document.querySelectorAll('ul[aria-label^="Videos from"] > li');
            const last = tiles[tiles.length - 1];
            if (!last) return false;
            return last.getBoundingClientRect().bottom >= 2.5 * window.innerHeight;
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await cityTiles(page).count()).toBeGreaterThan(20);
  });
});
