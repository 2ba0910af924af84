import { expect, hydrated, test } from './fixtures';

test('browser-side API calls carry every header of spec §7', async ({ page, context }) => {
  await page.goto('/city/il/chicago');
  await hydrated(page);
  // After the page loaded: a page render clears a session cookie that names no session.
  await context.addCookies([
    { name: 'auth_token', value: 'token-123', url: 'http://127.0.0.1:3210' },
  ]);
  const request = page.waitForRequest(
    (r) => r.url().includes('/api/') && r.frame() === page.mainFrame(),
  );
  await page.locator('footer').getByRole('link', { name: 'Watch the feed' }).click();
  const sent = await request;
  const headers = await sent.allHeaders();
  const cookies = await context.cookies();
  const csrf = cookies.find((c) => c.name === 'csrftoken')?.value;
  expect(headers['content-type']).toBe('application/json');
  expect(headers['accept']).toBe('application/json');
  expect(headers['device-id']).toMatch(/^web-/);
  expect(headers['device-id']).toBe(
    await page.evaluate(() => window.localStorage.getItem('deviceId')),
  );
  expect(headers['app-version']).toMatch(/\S/);
  expect(headers['auth-token']).toBe('token-123');
  expect(headers['x-csrftoken']).toBe(csrf);
  expect(headers['authorization']).toBeUndefined();
});
