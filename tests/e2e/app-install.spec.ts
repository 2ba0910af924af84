import { expect, hydrated, isMobile, test } from './fixtures';

test.describe('app-install modal (spec §2.5)', () => {
  test('on mobile it opens once per session on an app-only action; then the app link opens in a new tab', async ({
    page,
    context,
  }) => {
    test.skip(!isMobile(page), 'mobile behaviour');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    // Never on arrival.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(
      'Download the app and discover the best spots',
    );
    await expect(dialog).toContainText('Scan the QR code with your phone');
    await expect(dialog).toContainText('Or download from app stores');
    expect(await page.evaluate(() => window.sessionStorage.getItem('app_modal'))).toBe('1');

    // The QR code is a real image from the media host.
    const qr = dialog.getByRole('img', { name: /QR code/ });
    await expect(qr).toHaveAttribute('src', '/media/qr/app-download.svg');
    // It loads once the dialog opens; wait for it rather than race it.
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(dialog.getByRole('link', { name: /App Store/ })).toHaveAttribute(
      'href',
      /apps\.apple\.com/,
    );
    await expect(dialog.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
      'href',
      /play\.google\.com/,
    );

    // Page scroll is locked while open; the install banner steps aside.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );
    await expect(page.getByRole('complementary', { name: 'Open in the app' })).toHaveCount(0);
    // Focus is inside the dialog.
    expect(
      await page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement)),
    ).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    );

    // Second time in the session: a new tab with the app link instead.
    const popup = context.waitForEvent('page');
    await page
      .getByRole('complementary', { name: 'Open in the app' })
      .getByRole('button', { name: 'Open' })
      .click();
    const tab = await popup;
    expect(tab.url()).toContain('spotreel.app.link');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('on mobile the follow action says why, and a click on the backdrop closes it', async ({
    page,
  }) => {
    test.skip(!isMobile(page), 'mobile behaviour');
    await page.goto('/locations/anything-1001');
    await hydrated(page);
    await page.getByRole('button', { name: 'Follow' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(
      'Download the app to follow this location',
    );
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
  });

  test('on tablet and desktop the app link opens in a new tab, with the deep-link parameters', async ({
    page,
    context,
  }) => {
    test.skip(isMobile(page), 'tablet and desktop behaviour');
    await page.goto('/city/il/chicago?utm_source=newsletter&utm_campaign=fall&other=1');
    await hydrated(page);
    const popup = context.waitForEvent('page');
    await page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' }).click();
    const tab = await popup;
    const link = new URL(tab.url());
    expect(link.origin).toBe('https://spotreel.app.link');
    expect(link.searchParams.get('~channel')).toBe('newsletter');
    expect(link.searchParams.get('~campaign')).toBe('fall');
    expect(link.searchParams.has('other')).toBe(false);
    const distinctId = (await context.cookies()).find((c) => c.name === 'distinct_id')?.value;
    expect(link.searchParams.get('distinct_id')).toBe(distinctId);
    expect(link.searchParams.get('$canonical_url')).toContain('/city/il/chicago');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
