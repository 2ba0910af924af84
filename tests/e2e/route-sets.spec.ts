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
    await expect(page.locator('main#main')).toHaveAttribute(
      'data-screen',
      mobile ? 'city' : 'landing',
    );
    if (!mobile)
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Find your next');

    // A full reload decides again.
    await page.reload();
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'city');
    await expect(page.getByRole('heading', { level: 1, name: 'Chicago' })).toBeVisible();
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
  }) => {
    await page.goto('/biz');
    await hydrated(page);
    expect(await shown(page)).toMatchObject({ set: 'business', screen: 'biz-landing' });
    await page.goto('/biz/no-such-page');
    expect(await shown(page)).toMatchObject({ set: 'business', screen: 'biz-landing' });
    // Inside the business set /feed would show the business landing too, so the footer's link
    // to the feed loads a new page, which decides the set again.
    await hydrated(page);
    await page.getByRole('link', { name: 'Watch the feed' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'feed');
    await expect(page.locator('main#main')).toHaveAttribute('data-route-set', 'consumer');
  });

  test('any path containing "biz" is the business set', async ({ page }) => {
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

  test('an unknown path shows the landing page', async ({ page }) => {
    await page.goto('/no/such/page');
    expect(await shown(page)).toMatchObject({ set: 'consumer', screen: 'landing' });
  });
});
