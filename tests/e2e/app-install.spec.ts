import AxeBuilder from '@axe-core/playwright';
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
    await expect(dialog.getByText('Or download from app stores')).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('app_modal'))).toBe('1');

    // The QR code comes from the media host; a phone is not asked to scan it (ADR 032).
    const qr = dialog.getByRole('img', { name: /QR code/, includeHidden: true });
    await expect(qr).toHaveAttribute('src', '/media/qr/app-download.svg');
    await expect(qr).toBeHidden();
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

/** Issue 17: the modal's words, its focus and its layout on a phone. */
test.describe('app-install modal on a phone (issue 17)', () => {
  test('on a place page, the header and the Open banner both say "Download the app to follow this location"', async ({
    page,
  }) => {
    test.skip(!isMobile(page), 'the modal opens on mobile only');
    await page.goto('/locations/anything-1001');
    await hydrated(page);
    await page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(
      'Download the app to follow this location',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // A new session (the modal opens once per session), then the banner's Open.
    await page.evaluate(() => window.sessionStorage.removeItem('app_modal'));
    await page
      .getByRole('complementary', { name: 'Open in the app' })
      .getByRole('button', { name: 'Open' })
      .click();
    await expect(dialog.getByRole('heading')).toHaveText(
      'Download the app to follow this location',
    );
  });

  test('closing the modal puts focus back on the button that opened it', async ({ page }) => {
    test.skip(!isMobile(page), 'the modal opens on mobile only');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    const reopen = () => page.evaluate(() => window.sessionStorage.removeItem('app_modal'));

    // Escape, from the header's button opened with the keyboard
    const headerButton = page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' });
    await headerButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(headerButton).toBeFocused();

    // the Close button, from the install banner's Open (hidden while the modal is open)
    await reopen();
    const open = page
      .getByRole('complementary', { name: 'Open in the app' })
      .getByRole('button', { name: 'Open' });
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  test('a phone is offered the app and the stores, not a QR code to scan, and the close button clears the title', async ({
    page,
  }, info) => {
    test.skip(!isMobile(page), 'the modal opens on mobile only');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    await page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toBeVisible();
    await expect(dialog.getByText('Scan the QR code with your phone')).toBeHidden();
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeHidden();
    await expect(dialog.getByRole('link', { name: 'Open the Spotreel app' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /App Store/ })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Google Play/ })).toBeVisible();

    const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
    const title = await dialog.getByRole('heading').boundingBox();
    const overlap =
      close!.x < title!.x + title!.width &&
      title!.x < close!.x + close!.width &&
      close!.y < title!.y + title!.height &&
      title!.y < close!.y + close!.height;
    expect(overlap, 'the close button overlaps the title').toBe(false);
    // Everything fits the phone's screen without scrolling the dialog.
    const box = await dialog.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await page.screenshot({ path: info.outputPath('app-modal-375.png') });

    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test("the landing page's app panel never asks a phone to scan a code it does not show", async ({
    page,
  }, info) => {
    await page.goto('/');
    await hydrated(page);
    const panel = page.getByRole('complementary', { name: 'Get the Spotreel app' });
    await panel.scrollIntoViewIfNeeded();
    const qr = panel.getByRole('img', { name: /QR code/ });
    const scan = panel.getByText(/Scan the QR code/);
    if (isMobile(page)) {
      await expect(qr).toBeHidden();
      await expect(scan).toBeHidden();
      await expect(panel.getByRole('button', { name: 'Get the app' })).toBeVisible();
    } else {
      await expect(qr).toBeVisible();
      await expect(scan).toBeVisible();
      // bigger screens scan the code or pick a store: no phone button
      await expect(panel.getByRole('button', { name: 'Get the app' })).toBeHidden();
    }
    await panel.screenshot({
      path: info.outputPath(`app-panel-${page.viewportSize()!.width}.png`),
    });
  });
});

test.describe('the header get-the-app button before the consent choice (issue 17)', () => {
  test.use({ consent: null });

  test('its icon keeps its shape while the consent banner is up', async ({ page }) => {
    await page.goto('/city/il/chicago');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
    const button = page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' });
    const icon = await button.locator('svg').boundingBox();
    expect(Math.round(icon!.width)).toBe(Math.round(icon!.height));
    expect(icon!.width).toBeGreaterThanOrEqual(16);
    if (isMobile(page)) {
      const box = await button.boundingBox();
      expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([40, 40]);
    }
  });
});
