import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 38, part 5: no page scrolls sideways, and no fixed bar (the app footer, the install
 * banner, the consent banner) sits off the screen, on any page type at 320, 375, 768, 1280 or
 * 1440 px — with words in the page's own search box, and with the header's search open, where
 * the page has them (docs/decisions/078-search-from-every-page.md). The phone widths run in the
 * phone project (a phone's user agent and touch), the others in the desktop one.
 */

/** Name, address and, for a page answered with an error status, that status. */
const PAGES: [string, string, number?][] = [
  ['landing', '/'],
  ['results', '/?q=pizza'],
  ['results in a city', '/city/il/chicago?q=tacos'],
  ['nothing asked', '/?q='],
  // the page quotes the words: one long word must wrap
  ['nothing found for one long word', `/?q=${'x'.repeat(100)}`],
  ['city', '/city/il/chicago'],
  ['topic', '/city/il/chicago/restaurant'],
  ['place', '/location/new-york-ny/nonna-camilas-1034'],
  ['place by id', '/locations/x-1001'],
  ['review', '/reviews/148734'],
  ['creator', '/users/spotreel'],
  ['collection', '/collections/1'],
  ['feed', '/feed'],
  ['business landing', '/biz'],
  ['claim a business', '/claim-business'],
  ['claim completed', '/claim-business/complete', 404],
  ['business sign-in', '/biz/sign-in'],
  ['business dashboard', '/biz/dashboard'],
  ['verify a business', '/verify-business'],
  ['verification checkout', '/verify-business/checkout'],
  ['scholarship', '/scholarship'],
  ['giveaway', '/kygo-sweepstakes'],
  ['giveaway rules', '/kygo-sweepstakes-rules'],
  ['become a creator', '/creators'],
  ['community round', '/communityround'],
  ['partner promotion', '/trytibbs'],
  ['unknown path', '/no/such/page', 404],
];

const PHONE_WIDTHS = [320, 375];
const WIDER = [768, 1280, 1440];

/** How far the page scrolls sideways, and every visible fixed or sticky box not wholly on screen. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const problems: string[] = [];
    const sideways = root.scrollWidth - root.clientWidth;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`;
    if (sideways > 0) {
      // what sticks out: boxes past the edge that no scrolling or clipping box holds
      const clipped = (element: Element) => {
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        return false;
      };
      const out = [...document.body.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > root.clientWidth + 1 && !clipped(e))
        .slice(0, 3)
        .map(name);
      problems.push(`scrolls ${sideways}px sideways (${out.join(', ')})`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const off =
        box.left < -1 ||
        box.right > root.clientWidth + 1 ||
        (style.position === 'fixed' && (box.top < -1 || box.bottom > window.innerHeight + 1));
      if (off)
        problems.push(
          `${style.position} ${name(element)} at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}`,
        );
    }
    return problems;
  });
}

// The consent banner is asked for (no stored answer): it is one of the fixed bars.
test.use({ consent: null });

for (const [what, path, status] of PAGES) {
  test(`the ${what} page fits every width`, async ({ page, consoleProblems }, testInfo) => {
    // Chromium logs a document answered 404
    if (status) consoleProblems.allow(new RegExp(`status of ${status}`));
    const phone = testInfo.project.name.startsWith('mobile');
    const height = page.viewportSize()!.height;
    const found: string[] = [];
    for (const width of phone ? PHONE_WIDTHS : WIDER) {
      await page.setViewportSize({ width, height });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      found.push(...(await layoutProblems(page)).map((p) => `${width}px: ${p}`));
      // words in the page's own search box (landing, results, city) bring its clear button
      const own = page.locator('main input[role="combobox"]').first();
      if (await own.isVisible()) {
        await own.fill('tacos al pastor');
        found.push(...(await layoutProblems(page)).map((p) => `${width}px, words typed: ${p}`));
        await own.press('Escape');
      }
      const search = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
      if (await search.isVisible()) {
        await search.click();
        await page.getByRole('combobox', { name: 'Search all of Spotreel' }).fill('pi');
        await expect(page.getByRole('option').first()).toBeVisible();
        found.push(...(await layoutProblems(page)).map((p) => `${width}px, search open: ${p}`));
      }
    }
    expect(found).toEqual([]);
  });
}
