import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, isMobile, test } from './fixtures';

/**
 * Issue 17 (WCAG 2.2): where the focus goes for someone on a keyboard — never under a sticky bar
 * (2.4.11 Focus Not Obscured), kept inside the open mobile menu and given back when it closes.
 */

/**
 * Where the focused element is hidden: points of it that show a sticky bar
 * (top nav, app footer, install banner) instead, or that lie outside the window.
 */
function focusedUnderABar(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return [];
    const box = focused.getBoundingClientRect();
    const name =
      focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? '';
    const bars =
      '[data-testid="top-nav"], aside[aria-label="Get the app"], aside[aria-label="Open in the app"]';
    const problems = new Set<string>();
    // a quarter in from each edge: inside a pill's or a circle's rounded corners too
    for (const x of [0.25, 0.5, 0.75].map((f) => box.left + box.width * f))
      for (const y of [0.25, 0.5, 0.75].map((f) => box.top + box.height * f)) {
        if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) {
          problems.add(`"${name}" outside the window`);
          continue;
        }
        const bar = document.elementFromPoint(x, y)?.closest(bars);
        if (bar && !bar.contains(focused))
          problems.add(`"${name}" under ${bar.getAttribute('aria-label') ?? 'the top nav'}`);
      }
    return [...problems];
  });
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return '';
    return focused.getAttribute('aria-label') ?? focused.textContent?.trim() ?? '';
  });

const inSiteFooter = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('footer')));

test.describe('focus is never hidden under a sticky bar (WCAG 2.4.11)', () => {
  for (const { path, controls, stops } of [
    { path: '/reviews/148734', controls: [/^(Pause|Play)$/, /^(Unmute|Mute)$/], stops: 60 },
    { path: '/locations/anything-1001', controls: [/^Claim Business$/], stops: 60 },
    // the feed goes on (five controls a video): its first videos are enough
    { path: '/feed', controls: [/^(Pause|Play)$/, /^(Unmute|Mute)$/], stops: 24 },
  ]) {
    test(`${path}: every control reached with Tab is in full view`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(path);
      await hydrated(page);
      const reached = new Set<string>();
      // Walk the page with Tab up to its footer; each stop must be clear of the sticky bars
      // once the page has scrolled to it (smooth scrolling takes a moment).
      for (let step = 0; step < stops && !(await inSiteFooter(page)); step++) {
        await page.keyboard.press('Tab');
        const name = await focusedName(page);
        reached.add(name);
        await expect
          .poll(() => focusedUnderABar(page), { message: `Tab stop ${step}: ${name}` })
          .toEqual([]);
      }
      for (const control of controls)
        expect(
          [...reached].some((name) => control.test(name)),
          `${control} reached in ${[...reached].join(' | ')}`,
        ).toBe(true);
    });
  }
});

test.describe('the mobile menu (issue 17)', () => {
  test('Escape closes it and gives the focus back to its toggle', async ({ page }) => {
    test.skip(!isMobile(page), 'the menu is for phones');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Product' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('while it is open, Tab and Shift+Tab stay in the menu and its toggle', async ({ page }) => {
    test.skip(!isMobile(page), 'the menu is for phones');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    const where = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        if (focused?.closest('#site-nav')) return `menu: ${focused.textContent}`;
        if (focused?.getAttribute('aria-controls') === 'site-nav') return 'toggle';
        return `outside: ${focused?.outerHTML.slice(0, 80)}`;
      });
    const stops: string[] = [];
    for (let step = 0; step < 14; step++) {
      await page.keyboard.press('Tab');
      stops.push(await where());
    }
    for (let step = 0; step < 14; step++) {
      await page.keyboard.press('Shift+Tab');
      stops.push(await where());
    }
    expect(stops.filter((stop) => stop.startsWith('outside'))).toEqual([]);
    // it goes round: every link and the toggle, both ways
    for (const name of ['Product', 'Businesses', 'Brands', 'Partners', 'Creators'])
      expect(stops).toContain(`menu: ${name}`);
    expect(stops).toContain('toggle');
  });

  test('the open menu has no serious or critical axe finding', async ({ page }) => {
    test.skip(!isMobile(page), 'the menu is for phones');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test('a link in the open menu can still be followed, and the menu closes', async ({ page }) => {
    test.skip(!isMobile(page), 'the menu is for phones');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Creators' }).click();
    await expect(page).toHaveURL(/\/creators$/);
    await expect(nav).toBeHidden();
    // the page behind is usable again
    await expect(page.locator('main#main')).not.toHaveAttribute('inert');
  });
});
