import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, hydrated, isMobile, test } from './fixtures';

/**
 * Issue 8: feature flags, the distinct id, analytics events, consent and the page CSP
 * (docs/decisions/017-flags-and-analytics.md). tests/e2e/flags.json is the flag file of the
 * test server; the second test server (playwright.config.ts) has fake tracker keys.
 */

const TRACKERS = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
/** Longer than the sink's batch delay (1 s) and the idle callback: what would be sent, has been. */
const SETTLE_MS = 1500;

/** spec §3 page flag data as the page embeds it: the flags; the distinct id is the cookie's. */
interface PageFlags {
  flags: Record<string, boolean | string>;
}

interface StoredEvent {
  name: string;
  label: string | null;
  path: string;
  referrer: string | null;
}

/** The page flag data embedded in a server-rendered page. */
function embeddedFlags(html: string): PageFlags {
  const match = /<script id="page-flags" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('The page embeds no flag data');
  return JSON.parse(match[1]) as PageFlags;
}

async function flagsFor(request: APIRequestContext, distinctId: string) {
  const answer = await request.get('/verify-business', {
    headers: { cookie: `distinct_id=${distinctId}` },
  });
  expect(answer.status()).toBe(200);
  return embeddedFlags(await answer.text());
}

/** A seeded hospitality place (its Claim Business link goes to the external claim site). */
async function hospitalityPlacePath(request: APIRequestContext) {
  for (let id = 1001; id < 1200; id++) {
    const answer = await request.get(`/api/v2/locations/${id}`);
    if (!answer.ok()) continue;
    const place = (await answer.json()) as {
      clm_slug: string;
      city_slug: string;
      super_categories: string[];
    };
    const shop = place.super_categories.includes('shopping') || place.super_categories.length === 0;
    if (!shop) return `/location/${place.city_slug}/${place.clm_slug}`;
  }
  throw new Error('no hospitality place seeded');
}

/** The events the first-party sink stored for this browser (its distinct id cookie). */
async function sinkEvents(page: Page): Promise<StoredEvent[]> {
  const answer = await page.request.get('/api/events/mine?limit=200');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { events: StoredEvent[] }).events;
}

const summary = (events: StoredEvent[]) =>
  events.map((e) => `${e.name}|${e.label ?? ''}|${e.path}`).sort();

/** Collects the page's CSP violations (read back with `cspViolations`). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

const trackerScript = (url: string) =>
  /googletagmanager\.com\/gtag\/js|connect\.facebook\.net\/en_US\/fbevents\.js|\/assets\/posthog-tracker-/.test(
    url,
  );

async function setDistinctId(context: BrowserContext, baseURL: string, id: string) {
  await context.addCookies([{ name: 'distinct_id', value: id, url: baseURL }]);
}

test.describe('feature flags (spec §1, §3 page flag data)', () => {
  test('the server HTML embeds the flags for the cookie the page set, and no distinct id', async ({
    request,
  }) => {
    const answer = await request.get('/city/il/chicago');
    const cookie = answer
      .headersArray()
      .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('distinct_id='));
    const issued = /^distinct_id=([^;]+)/.exec(cookie?.value ?? '')?.[1];
    expect(issued).toBeTruthy();
    const html = await answer.text();
    const page = embeddedFlags(html);
    // the same bytes for everyone with these flags: the browser reads its id from the cookie
    expect(Object.keys(page)).toEqual(['flags']);
    expect(html).not.toContain(issued!);
    expect(page.flags).toMatchObject({
      'consumer-app-on-desktop': false,
      'business-entry-default-target': false,
    });
    expect(typeof page.flags['e2e-half-rollout']).toBe('boolean');
    expect(['control', 'test']).toContain(page.flags['e2e-variants']);

    // The same browser keeps its id, and its flags with it.
    const again = embeddedFlags(
      await (
        await request.get('/city/il/chicago', { headers: { cookie: `distinct_id=${issued}` } })
      ).text(),
    );
    expect(again).toEqual(page);
  });

  test('a flag rolled out to 50% splits a few hundred ids near half, stable per id', async ({
    request,
    page,
  }) => {
    test.skip(isMobile(page), 'server-side evaluation: once is enough');
    const ids = Array.from({ length: 300 }, (_, i) => `e2e-rollout-${i.toString(36)}-visitor`);
    const first: Record<string, boolean | string> = {};
    const variants: Record<string, number> = {};
    for (let i = 0; i < ids.length; i += 15) {
      await Promise.all(
        ids.slice(i, i + 15).map(async (id) => {
          const { flags } = await flagsFor(request, id);
          first[id] = flags['e2e-half-rollout']!;
          const variant = String(flags['e2e-variants']);
          variants[variant] = (variants[variant] ?? 0) + 1;
        }),
      );
    }
    const on = Object.values(first).filter((v) => v === true).length;
    expect(on / ids.length).toBeGreaterThan(0.4);
    expect(on / ids.length).toBeLessThan(0.6);
    expect(Object.keys(variants).sort()).toEqual(['control', 'test']);
    expect(variants.control! / ids.length).toBeGreaterThan(0.4);
    expect(variants.control! / ids.length).toBeLessThan(0.6);

    // Stable: the same id gets the same answer on every request.
    for (const id of ids.slice(0, 30))
      expect((await flagsFor(request, id)).flags['e2e-half-rollout']).toBe(first[id]);

    // Overrides per distinct id win over the rollout.
    expect((await flagsFor(request, 'e2e-override-on')).flags['e2e-half-rollout']).toBe(true);
    expect((await flagsFor(request, 'e2e-override-off')).flags['e2e-half-rollout']).toBe(false);
  });

  test('the route-set device flag comes from the flag store', async ({
    page,
    context,
    baseURL,
  }) => {
    test.skip(isMobile(page), 'the device flag decides for desktop visitors');
    await page.goto('/');
    await expect(page.locator('main#main')).toHaveAttribute('data-route-set', 'landing');
    // tests/e2e/flags.json turns consumer-app-on-desktop on for this one id.
    await setDistinctId(context, baseURL!, 'e2e-app-on-desktop');
    await page.goto('/');
    await expect(page.locator('main#main')).toHaveAttribute('data-route-set', 'consumer');
    await expect(page.locator('main#main')).toHaveAttribute('data-screen', 'landing');
  });

  test('the business-entry default target comes from the flag store', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const path = await hospitalityPlacePath(request);
    await page.goto(path);
    const claim = page.getByRole('link', { name: 'Claim Business' });
    await expect(claim).toHaveAttribute('href', 'https://business.spotreel.app/claim');
    // tests/e2e/flags.json sends this id's claims to verification, whatever the place.
    await setDistinctId(context, baseURL!, 'e2e-default-verify');
    await page.goto(path);
    await expect(claim).toHaveAttribute('href', '/verify-business');
  });
});

test.describe('analytics events (spec §7) in the first-party sink', () => {
  test('page views and every labelled click arrive with the right event names', async ({
    page,
    context,
    request,
  }) => {
    const placePath = await hospitalityPlacePath(request);
    await page.goto(placePath);
    await hydrated(page);
    const closeDialog = async () => {
      if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };

    const installLabels = isMobile(page) ? ['Open', 'Get the app'] : ['Get the app', 'Install Now'];
    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await closeDialog();
      // Second time in the session the app link opens in a new tab.
      const tab = context.waitForEvent('page');
      await page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' }).click();
      await (await tab).close();
    } else {
      await page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' }).click();
      await closeDialog();
      const tab = context.waitForEvent('page');
      await page.getByRole('link', { name: 'Install Now' }).click();
      await (await tab).close();
    }
    for (const name of ['Claim Business', 'Claim Your Business']) {
      const tab = context.waitForEvent('page');
      await page.getByRole('link', { name, exact: true }).click();
      await (await tab).close();
    }
    // Into the business area: a new page, with its own page view.
    await page.getByRole('link', { name: 'Biz Owners' }).click();
    await expect(page).toHaveURL(/\/biz$/);
    await hydrated(page);
    await page.getByRole('link', { name: 'Claim Your Business' }).click();
    await page.getByRole('link', { name: 'Start your profile' }).click();
    await expect(page).toHaveURL(/checkout\/monthly-profile/);

    const expected = [
      `page-view||${placePath}`,
      ...installLabels.map((label) => `install-button-click|${label}|${placePath}`),
      `claim-business-click|Claim Business|${placePath}`,
      `claim-business-click|Claim Your Business|${placePath}`,
      `biz-owners-click|Biz Owners|${placePath}`,
      'page-view||/biz',
      'claim-business-click|Claim Your Business|/biz',
      // the cart event comes only with claims on business pages
      'add-to-cart|Claim Your Business|/biz',
      'checkout-initiation|join the team|/biz',
    ].sort();
    await expect
      .poll(async () => summary(await sinkEvents(page)), { timeout: 10_000 })
      .toEqual(expected);
  });

  test('a client navigation is a page view, with the page before as referrer', async ({ page }) => {
    await page.goto('/city/il/chicago');
    await hydrated(page);
    await page.getByRole('link', { name: 'Watch the feed' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect
      .poll(async () => (await sinkEvents(page)).filter((e) => e.name === 'page-view').length, {
        timeout: 10_000,
      })
      .toBe(2);
    const views = (await sinkEvents(page)).filter((e) => e.name === 'page-view');
    const feed = views.find((e) => e.path === '/feed');
    expect(feed?.referrer).toMatch(/\/city\/il\/chicago$/);
    expect(views.map((e) => e.path).sort()).toEqual(['/city/il/chicago', '/feed']);
  });
});

test.describe('consent (ADR 017)', () => {
  test.use({ consent: null });

  test('nothing is sent before consent; Allow sends what waited, No thanks sends nothing', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/city/il/chicago');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Help us make Spotreel better' });
    await expect(banner).toBeVisible();
    // Longer than the sink's batch delay (1 s): a sink that ignored consent would have sent by now.
    await page.waitForTimeout(SETTLE_MS);
    expect(await sinkEvents(page)).toEqual([]);
    await banner.getByRole('button', { name: 'Allow' }).click();
    await expect(banner).toHaveCount(0);
    await expect
      .poll(async () => summary(await sinkEvents(page)), { timeout: 10_000 })
      .toEqual(['page-view||/city/il/chicago']);
    // Asked once: the next page does not ask again.
    await page.reload();
    await hydrated(page);
    await expect.poll(async () => (await sinkEvents(page)).length, { timeout: 10_000 }).toBe(2);
    await expect(banner).toHaveCount(0);

    const other = await browser.newContext({ baseURL });
    const refusing = await other.newPage();
    const beacons: string[] = [];
    refusing.on('request', (request) => {
      if (request.url().endsWith('/api/events')) beacons.push(request.method());
    });
    await refusing.goto('/city/il/chicago');
    const refusal = refusing.getByRole('region', { name: 'Help us make Spotreel better' });
    await refusal.getByRole('button', { name: 'No thanks' }).click();
    await refusing.getByRole('link', { name: 'Watch the feed' }).click();
    await expect(refusing).toHaveURL(/\/feed$/);
    await refusing.reload();
    await refusing.waitForLoadState('networkidle');
    await refusing.waitForTimeout(SETTLE_MS);
    await expect(refusal).toHaveCount(0);
    expect(beacons).toEqual([]);
    expect(await sinkEvents(refusing)).toEqual([]);

    // The footer's "Cookie choices" asks again, saying what was chosen; the answer puts the
    // focus back where it was.
    const choices = refusing.getByRole('button', { name: 'Cookie choices' });
    await choices.click();
    await expect(refusal).toContainText('Right now you do not allow measurement.');
    await expect(refusal.getByRole('heading')).toBeFocused();
    await refusal.getByRole('button', { name: 'No thanks' }).click();
    await expect(refusal).toHaveCount(0);
    await expect(choices).toBeFocused();
    await other.close();
  });
});

test.describe('trackers with keys configured (second test server)', () => {
  test.use({ consent: null, baseURL: TRACKERS });

  /** Answers for the fake trackers, and a log of what the page asked them for. */
  async function fakeTrackers(context: BrowserContext) {
    const requested: string[] = [];
    await context.route(
      /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//,
      (route) => {
        requested.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: '/* a fake tracker */' });
      },
    );
    await context.route(/^https:\/\/posthog\.e2e\.test\//, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'application/json', body: '{}' });
    });
    context.on('request', (request) => {
      if (/\/assets\/posthog-tracker-/.test(request.url())) requested.push(request.url());
    });
    return requested;
  }

  test('tracker scripts are requested only after consent', async ({ page, context }) => {
    const requested = await fakeTrackers(context);
    await watchCsp(page);
    // PostHog drops the events of automated browsers (navigator.webdriver, a headless brand in
    // navigator.userAgentData): be a person's browser.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
    });
    await page.goto('/biz');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Help us make Spotreel better' });
    await expect(banner).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    expect(requested).toEqual([]);

    await banner.getByRole('button', { name: 'Allow' }).click();
    await expect
      .poll(() => ({
        gtag: requested.some((url) => url.includes('googletagmanager.com/gtag/js?id=G-E2ETEST01')),
        pixel: requested.some((url) => url.includes('connect.facebook.net/en_US/fbevents.js')),
        posthog: requested.some((url) => url.includes('/assets/posthog-tracker-')),
      }))
      .toEqual({ gtag: true, pixel: true, posthog: true });
    // PostHog sends our events to its host (flags are not loaded on the first load).
    await page.getByRole('link', { name: 'Claim Your Business' }).click();
    await expect
      .poll(() => requested.filter((url) => url.startsWith('https://posthog.e2e.test/')).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(requested.some((url) => /posthog\.e2e\.test\/(flags|decide)/.test(url))).toBe(false);
    // The events went to the trackers, not to the first-party sink.
    expect(await sinkEvents(page)).toEqual([]);
    // All three ran under the page's CSP without a violation.
    expect(await cspViolations(page)).toEqual([]);

    // Withdrawn under "Cookie choices": a fresh page, and no tracker script loads again.
    const before = requested.length;
    await page.getByRole('button', { name: 'Cookie choices' }).click();
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'No thanks' }).click();
    await reloaded;
    await hydrated(page);
    await page.waitForTimeout(SETTLE_MS);
    await expect(banner).toHaveCount(0);
    expect(requested.slice(before).filter(trackerScript)).toEqual([]);
  });

  test('tracker scripts are never requested when consent is refused', async ({ page, context }) => {
    const requested = await fakeTrackers(context);
    await page.goto('/biz');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Help us make Spotreel better' });
    await banner.getByRole('button', { name: 'No thanks' }).click();
    await page.getByRole('link', { name: 'Claim Your Business' }).click();
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(SETTLE_MS);
    await expect(banner).toHaveCount(0);
    expect(requested).toEqual([]);
  });

  test('the CSP lists the configured trackers and never unsafe-inline for scripts', async ({
    page,
  }) => {
    const answer = await page.goto('/biz');
    const csp = answer!.headers()['content-security-policy']!;
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scripts).not.toContain('unsafe-inline');
    // the page's inline scripts by their hashes (ADR 070): no nonce, the same for every visitor
    expect(scripts).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scripts).not.toContain('nonce-');
    expect(scripts).toContain('https://*.googletagmanager.com');
    expect(scripts).toContain('https://connect.facebook.net');
    expect(csp).toMatch(/connect-src [^;]*https:\/\/posthog\.e2e\.test/);
  });
});

test.describe('Content Security Policy', () => {
  test('no unsafe-inline for scripts, and no violations on the pages', async ({ page }) => {
    await watchCsp(page);
    for (const path of ['/', '/city/il/chicago', '/feed', '/biz', '/kygo-sweepstakes']) {
      const answer = await page.goto(path);
      const csp = answer!.headers()['content-security-policy']!;
      expect(/script-src ([^;]*)/.exec(csp)?.[1], path).not.toContain('unsafe-inline');
      await hydrated(page);
      expect(
        await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
        path,
      ).toEqual([]);
    }
  });
});
