import { test as base, expect, type Page } from '@playwright/test';
import { CONSENT_COOKIE } from '../../contract/analytics-events';

/**
 * Every browser test fails on an unexpected console error or warning (hydration mismatches
 * included) or an uncaught page error. A test that provokes one on purpose says so with
 * `consoleProblems.allow(pattern)`.
 */
export const test = base.extend<{
  consoleProblems: { allow(pattern: RegExp): void };
  thirdParties: void;
  /** The visitor's stored answer to the consent banner; null = not asked yet (the banner shows). */
  consent: 'granted' | 'denied' | null;
  consentCookie: void;
}>({
  // Most tests are not about consent: they browse as someone who allowed measurement, so the
  // banner stays out of their way and every page runs with analytics on.
  consent: ['granted', { option: true }],
  consentCookie: [
    async ({ context, consent, baseURL }, use) => {
      if (consent)
        await context.addCookies([{ name: CONSENT_COOKIE, value: consent, url: baseURL! }]);
      await use();
    },
    { auto: true },
  ],
  // Third-party sites (app stores, the app link) cannot be reached here: answer for them.
  thirdParties: [
    async ({ context }, use) => {
      await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Elsewhere</title>',
        }),
      );
      await use();
    },
    { auto: true },
  ],
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems.filter((p) => !allowed.some((a) => a.test(p)))).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** The route set and screen the page shows (data attributes of <main>). */
export async function shown(page: Page) {
  const main = page.locator('main#main');
  return {
    set: await main.getAttribute('data-route-set'),
    screen: await main.getAttribute('data-screen'),
    layout: await main.getAttribute('data-layout'),
  };
}

/** Waits until React has hydrated, so clicks reach their handlers. */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !==
      undefined,
  );
  await page.waitForLoadState('networkidle');
  // <main> says when the page is React's, its parts on demand included (ADR 055): wait for it too.
  if ((await page.locator('main#main[data-screen]').count()) > 0)
    await page.locator('main#main[data-screen-hydrated]').waitFor({ state: 'attached' });
}
