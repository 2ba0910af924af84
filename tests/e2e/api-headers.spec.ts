import { expect, hydrated, test } from './fixtures';

test('browser-side API calls carry every header of spec §7', async ({ page, context }) => {
  await page.goto('/city/il/chicago');
  await hydrated(page);
  // After the page loaded: a page render clears a session cookie that names no session.
  await context.addCookies([
    { name: 'auth_token', value: 'token-123', url: 'http://127.0.0.1:3210' },
  ]);
  // The feed's read, through the API client: not the analytics beacon to /api/events, which the
  // same navigation sends (its page view) by its own rules (ADR 017), and which sometimes goes first.
  const request = page.waitForRequest(
    (r) =>
      r.url().includes('/api/') &&
      !new URL(r.url()).pathname.startsWith('/api/events') &&
      r.frame() === page.mainFrame(),
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

test('a write whose CSRF token went stale is refused once, then sent with the fresh token the refusal set', async ({
  page,
  context,
  baseURL,
  consoleProblems,
}) => {
  // the refusal, on purpose: Chromium logs the server's answer
  consoleProblems.allow(/status of 403 \(Forbidden\)/);
  await page.goto('/trytibbs');
  await hydrated(page);
  // A token the server did not make for this device (docs/decisions/025-csrf-tokens.md).
  await context.addCookies([{ name: 'csrftoken', value: 'stale', url: baseURL! }]);
  const writes: { token: string | undefined; status: number }[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !/\/api\/(?!events)/.test(request.url())) return;
    writes.push({
      token: (await request.allHeaders())['x-csrftoken'],
      status: response.status(),
    });
  });
  const submit = page.getByRole('button', { name: 'Email me the code' });
  const form = page.locator('form').filter({ has: submit });
  await form.getByLabel('Full name').fill('Alex Rivera');
  await form.getByLabel('Email').fill(`csrf.${Date.now()}.${Math.random()}@example.com`);
  await form.getByLabel('ZIP code').fill('60601');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  const fresh = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value;
  expect(fresh).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  expect(writes).toEqual([
    { token: 'stale', status: 403 },
    { token: fresh, status: 201 },
  ]);
});
