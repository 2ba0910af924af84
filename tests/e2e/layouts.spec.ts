import type { Page } from '@playwright/test';
import { expect, isMobile, test } from './fixtures';

const BANNER_TEXT = 'Get Videos From Top Local Creators For Your Business Today';

async function chrome(page: Page) {
  const nav = page.getByTestId('top-nav');
  return {
    header: (await nav.count()) > 0 && (await nav.isVisible()),
    headerMode: (await nav.count()) > 0 ? await nav.getAttribute('data-mode') : null,
    footer: await page
      .locator('footer')
      .filter({ hasText: '© 2024' })
      .isVisible()
      .catch(() => false),
    banner: await page
      .getByText(BANNER_TEXT)
      .isVisible()
      .catch(() => false),
  };
}

test.describe('layouts (spec §2.2, §2.3)', () => {
  for (const path of [
    '/biz',
    '/biz/claim-business',
    '/claim-business',
    '/claim-business/complete',
  ]) {
    test(`${path} has the shared header and footer, no banner`, async ({
      page,
      consoleProblems,
    }) => {
      consoleProblems.allow(/status of 404/); // claim-business/complete without a claim
      await page.goto(path);
      expect(await chrome(page)).toEqual({
        header: true,
        headerMode: 'full',
        footer: true,
        banner: false,
      });
    });
  }

  for (const path of [
    '/biz/dashboard',
    '/biz/dashboard/info',
    '/verify-business',
    '/verify-business/checkout',
    // spec §2.2: "any other path shows the business landing", without the shared chrome
    '/biz/other',
    '/foo/bizzy',
  ]) {
    test(`${path} has no shared header or footer`, async ({ page, consoleProblems }) => {
      consoleProblems.allow(/status of 404/); // an unknown business path is a 404 (ADR 031)
      await page.goto(path);
      expect(await chrome(page)).toMatchObject({ header: false, footer: false, banner: false });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('biz/sign-in hides the header on desktop only, and has no footer', async ({ page }) => {
    await page.goto('/biz/sign-in');
    const seen = await chrome(page);
    expect(seen.footer).toBe(false);
    // spec §9: 375 is mobile and 1280 tablet, both show it; desktop starts at 1281
    const desktop = (page.viewportSize()?.width ?? 0) > 1280;
    expect(seen.header).toBe(!desktop);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('top-nav')).toBeHidden();
    if (desktop) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByTestId('top-nav')).toBeVisible();
    }
  });

  test('communityround has a compact logo-only header, no footer and no banner', async ({
    page,
  }) => {
    await page.goto('/communityround');
    expect(await chrome(page)).toEqual({
      header: true,
      headerMode: 'compact',
      footer: false,
      banner: false,
    });
    await expect(page.getByTestId('top-nav').getByRole('link')).toHaveCount(1);
  });

  test('trytibbs has no shared layout', async ({ page }) => {
    await page.goto('/trytibbs');
    expect(await chrome(page)).toMatchObject({ header: false, footer: false, banner: false });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  for (const path of [
    '/scholarship',
    '/kygo-sweepstakes',
    '/kygo-sweepstakes-rules',
    '/creators',
    '/',
    '/city/il/chicago',
  ]) {
    test(`${path} has the shared layout with the banner`, async ({ page }) => {
      await page.goto(path);
      expect(await chrome(page)).toEqual({
        header: true,
        headerMode: 'full',
        footer: true,
        banner: true,
      });
    });
  }

  test('the sticky app footer shows on tablet and desktop, the install banner on mobile', async ({
    page,
  }) => {
    await page.goto('/city/il/chicago');
    const sticky = page.getByRole('complementary', { name: 'Get the app' });
    const banner = page.getByRole('complementary', { name: 'Open in the app' });
    if (isMobile(page)) {
      await expect(sticky).toBeHidden();
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Open' })).toBeVisible();
    } else {
      await expect(sticky).toBeVisible();
      await expect(sticky).toContainText('Get the full app experience');
      await expect(sticky).toContainText(
        'Enjoy more videos and great features on the Spotreel app.',
      );
      await expect(sticky.getByRole('link', { name: 'Install Now' })).toHaveAttribute(
        'href',
        /apps\.apple\.com/,
      );
      await expect(banner).toBeHidden();
    }
  });
});
