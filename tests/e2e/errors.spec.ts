import { expect, hydrated, test } from './fixtures';

test.describe('error fallback (spec §8)', () => {
  test('a screen that fails to render shows the fallback with a Retry link to /', async ({
    page,
    consoleProblems,
  }) => {
    consoleProblems.allow(/Test hook: the screen failed to render|status of 500/);
    await page.goto('/feed?__throw=render');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Oops, looks like something went wrong. Let's try this again.",
    );
    const retry = page.getByRole('link', { name: 'Retry' });
    await expect(retry).toHaveAttribute('href', '/');
    await retry.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Find your next');
  });

  test('a failed data load on the server shows the same fallback', async ({
    page,
    consoleProblems,
  }) => {
    consoleProblems.allow(/status of 500|Test hook/);
    const response = await page.goto('/feed?__throw=loader');
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('link', { name: 'Retry' })).toBeVisible();
  });

  test('a data read that fails during a server render is a 503 with the fallback, never a 404', async ({
    page,
    request,
    consoleProblems,
  }) => {
    consoleProblems.allow(/status of 503/);
    const place = (await (await request.get('/api/v2/locations/1001')).json()) as {
      clm_slug: string;
      city_slug: string;
    };
    // Test hook: every read of this render fails as a fault of the server would (a 500).
    for (const path of [
      `/location/${place.city_slug}/${place.clm_slug}?__throw=read`,
      '/reviews/148734?__throw=read',
      '/city/il/chicago?__throw=read',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(503);
      expect(response?.headers()['retry-after'], path).toBeTruthy();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        "Oops, looks like something went wrong. Let's try this again.",
      );
      await expect(page.getByText(/couldn.t find that/)).toHaveCount(0);
    }
    // A real absence stays a 404.
    expect((await request.get('/locations/gone-987654321')).status()).toBe(404);
  });

  test('a data read that fails during a client navigation shows the fallback, never "not found"', async ({
    page,
    consoleProblems,
  }) => {
    consoleProblems.allow(/status of 503/);
    await page.goto('/city/il/chicago');
    await hydrated(page);
    const link = page.locator('main a[href^="/location/"]').first();
    // Test hook: every read of the navigation's one data request fails as a fault of the server
    // would (a 500), so the place page would otherwise say "not found".
    await page.route(/\.data(\?|$)/, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('__throw', 'read');
      return route.continue({ url: url.toString() });
    });
    const data = page.waitForResponse((response) => response.url().includes('__throw=read'));
    await link.click();
    expect((await data).status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Oops, looks like something went wrong. Let's try this again.",
    );
    await expect(page.getByText(/couldn.t find that/)).toHaveCount(0);
  });

  test('an offline Back keeps the header and offers a Retry in the page that loads it again', async ({
    page,
    context,
    consoleProblems,
  }) => {
    consoleProblems.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
    await page.goto('/city/il/chicago');
    await hydrated(page);
    await page.locator('main a[href^="/location/"]').first().click();
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'location');
    await context.setOffline(true);
    await page.goBack();
    // The page says what happened where the page goes; the header and footer stay.
    const problem = page.getByRole('heading', { level: 1, name: 'This page could not load' });
    await expect(problem).toBeVisible();
    await expect(problem).toBeFocused();
    await expect(page.getByTestId('top-nav')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByText(/Oops, looks like something went wrong/)).toHaveCount(0);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'city');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Chicago');
    await expect(page).toHaveURL(/\/city\/il\/chicago$/);
  });
});
