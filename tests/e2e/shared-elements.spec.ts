import { expect, hydrated, isMobile, test } from './fixtures';

test.describe('shared elements (spec §2.5)', () => {
  test('top navigation: logo, the five links and the get-the-app button; hidden on mobile until opened', async ({
    page,
  }) => {
    await page.goto('/city/il/chicago');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const names = ['Product', 'Businesses', 'Brands', 'Partners', 'Creators'];
    if (isMobile(page)) {
      await expect(nav).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await expect(nav).toBeVisible();
    for (const name of names)
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(
      page.getByTestId('top-nav').getByRole('link', { name: 'Spotreel home' }),
    ).toHaveAttribute('href', '/');
    await expect(
      page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' }),
    ).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Businesses' })).toHaveAttribute('href', '/biz');
    await expect(nav.getByRole('link', { name: 'Creators' })).toHaveAttribute('href', '/creators');
  });

  test('Businesses and Creators open their own screens from a consumer page', async ({ page }) => {
    for (const [link, screen] of [
      ['Businesses', 'biz-landing'],
      ['Creators', 'creators'],
    ] as const) {
      await page.goto('/city/il/chicago');
      await hydrated(page);
      if (isMobile(page)) await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: link })
        .click();
      await expect(page.locator('main#main')).toHaveAttribute('data-screen', screen);
    }
  });

  test('Brands and Partners go home with the hash when the page has no such section', async ({
    page,
  }) => {
    await page.goto('/city/il/chicago');
    await hydrated(page);
    if (isMobile(page)) await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Partners' })
      .click();
    await expect(page).toHaveURL(/\/#partners$/);
  });

  for (const path of ['/biz', '/claim-business', '/biz/claim-business'])
    test(`Brands and Partners from ${path} open the home page at their section`, async ({
      page,
    }) => {
      for (const [link, heading] of [
        ['Brands', 'For brands'],
        ['Partners', 'Partners'],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        if (isMobile(page)) await page.getByRole('button', { name: 'Open menu' }).click();
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: link })
          .click();
        await expect(page).toHaveURL(new RegExp(`/#${link.toLowerCase()}$`));
        // spec §2.5: the home page, whichever set its own first load decides
        await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'landing');
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeInViewport();
      }
    });

  test('Brands and Partners scroll to their sections on the home page', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    if (isMobile(page)) await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Brands' })
      .click();
    await expect(page.locator('#brands')).toBeInViewport();
    await expect(page).toHaveURL(/\/#brands$/);
  });

  test('footer: four link columns, 15 trending restaurants, social icons and © 2024', async ({
    page,
  }) => {
    await page.goto('/feed');
    const footer = page.locator('footer');
    for (const column of ['Spotreel', 'Resources', 'Community', 'Trending restaurants']) {
      await expect(footer.getByRole('heading', { name: column, exact: true })).toBeVisible();
    }
    for (const name of ['Careers', 'Press kit', 'Terms', 'Privacy', 'Support']) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
    const trending = footer
      .getByRole('navigation', { name: 'Trending restaurants' })
      .getByRole('link');
    await expect(trending).toHaveCount(15);
    await expect(trending.first()).toHaveAttribute('href', /^\/location\/[a-z-]+\/[a-z0-9-]+-\d+$/);
    await expect(
      footer.getByRole('list', { name: 'Spotreel on social media' }).getByRole('link'),
    ).toHaveCount(5);
    await expect(footer).toContainText('© 2024');
  });

  test('a trending restaurant link opens its place', async ({ page }) => {
    await page.goto('/feed');
    await hydrated(page);
    const link = page
      .locator('footer')
      .getByRole('navigation', { name: 'Trending restaurants' })
      .getByRole('link')
      .first();
    const name = (await link.textContent())!.split(' · ')[0]!.trim();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('claim-business banner: exact text, button opens the external claim site in a new tab', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'For businesses' });
    await expect(banner).toContainText(
      'Get Videos From Top Local Creators For Your Business Today',
    );
    const button = banner.getByRole('link', { name: 'Claim Your Business' });
    await expect(button).toHaveAttribute('target', '_blank');
    await expect(button).toHaveAttribute('href', /^https:\/\//);
  });
});
