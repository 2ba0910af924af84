import { defineConfig } from '@playwright/test';
import { chromiumEnv, chromiumPath as executablePath } from './scripts/chromium-path.mjs';

/**
 * Browser tests in real Chromium against the built product (npm run build first). Which
 * Chromium: scripts/chromium-path.mjs.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
/** A second product with fake tracker keys (tests/e2e/analytics.spec.ts), on an unseeded world. */
const TRACKERS_PORT = PORT + 1;

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** Specs whose rules depend on the width class (spec §2.5, §9): also run at 1440 px. */
const DESKTOP_RULES = [
  'layouts.spec.ts',
  'route-sets.spec.ts',
  'shared-elements.spec.ts',
  'app-install.spec.ts',
  'server-rendering.spec.ts',
  'consumer-screens.spec.ts',
  'keyboard-focus.spec.ts',
  'accessibility.spec.ts',
  'feed-and-lists.spec.ts',
  'search-results.spec.ts',
  'header-search.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records DOM snapshots and screenshots of every step of every test, kept only if
    // the test fails. In CI that cost minutes (the browser stage took 12.7 minutes without it,
    // 17.5 in the run before, on a machine that drifts ±10%), and CI's machine is gone with its
    // traces when the run ends: CI prints each failure's error and call log. Locally a failing
    // test keeps its trace (the HTML report opens it). To record traces with CI set, as when
    // chasing a failure by running .ci/run here: npx playwright test --trace retain-on-failure.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // The npm Chromium's own libraries and fonts (scripts/chromium-path.mjs); {} for any other.
      ...(Object.keys(chromiumEnv).length ? { env: { ...process.env, ...chromiumEnv } } : {}),
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'mobile-375',
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        userAgent: IPHONE_UA,
      },
    },
    {
      name: 'desktop-1280',
      use: { viewport: { width: 1280, height: 800 }, userAgent: DESKTOP_UA },
    },
    {
      // spec §9: desktop starts at 1281 px; the specs whose rules differ on a desktop screen
      name: 'desktop-1440',
      testMatch: DESKTOP_RULES,
      use: { viewport: { width: 1440, height: 900 }, userAgent: DESKTOP_UA },
    },
  ],
  webServer: [
    {
      // This very Node.js (24, ADR 059), whatever `node` is first on PATH.
      command: `"${process.execPath}" scripts/e2e-server.mjs`,
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { PORT: String(PORT) },
    },
    {
      command: `"${process.execPath}" scripts/e2e-server.mjs`,
      url: `http://127.0.0.1:${TRACKERS_PORT}/readyz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        PORT: String(TRACKERS_PORT),
        SEED: 'never',
        POSTHOG_KEY: 'phc_e2e_fake_key',
        POSTHOG_HOST: 'https://posthog.e2e.test',
        GA4_MEASUREMENT_ID: 'G-E2ETEST01',
        META_PIXEL_ID: '1234567890',
      },
    },
  ],
});
