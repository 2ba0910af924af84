import { expect, test } from './fixtures';

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
});
