import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumEnv, chromiumPath } from '../../scripts/chromium-path.mjs';
import { freePort, startDev, stop, waitForReady, type Started } from './npm-start';

/**
 * `npm run dev` (docs/decisions/068-dev-server-with-hmr.md): the host with Vite's dev server in
 * it, on the real API and a seeded embedded database. An edit of a component shows in the open
 * page without a build, a restart of the host or a reload of the page.
 */
const COMPONENT = 'app/layout/site-footer.tsx';
const TAGLINE = 'Find your next favourite spot, filmed by the locals who love it.';
const EDITED = 'Find your next favourite spot, filmed by the locals who love it (hot).';

declare global {
  interface Window {
    /** Set by the test in the open page: a reload would lose it. */
    __sameDocument?: boolean;
  }
}

describe('npm run dev', () => {
  let dataDir: string;
  let dev: Started | undefined;
  let browser: Browser | undefined;
  const original = readFileSync(COMPONENT, 'utf8');
  const { atime, mtime } = statSync(COMPONENT);
  /** The component as it was, its time too (`npm start` builds again after a newer source). */
  const restore = () => {
    if (readFileSync(COMPONENT, 'utf8') === original) return;
    writeFileSync(COMPONENT, original);
    utimesSync(COMPONENT, atime, mtime);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spotreel-dev-'));
  });
  afterAll(async () => {
    restore();
    await browser?.close();
    await stop(dev);
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('shows an edit of a component in the open page, without reloading it', async () => {
    expect(original).toContain(TAGLINE);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // As a person runs it: in development (Vitest's NODE_ENV=test would also make Vite bundle
    // the dependencies again, their hash being of the mode too).
    dev = startDev({
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: origin,
    });
    await waitForReady(port, dev);
    expect(dev.output()).toContain('web app: from its sources through Vite');

    browser = await chromium.launch({
      ...(chromiumPath ? { executablePath: chromiumPath } : {}),
      ...(Object.keys(chromiumEnv).length ? { env: { ...process.env, ...chromiumEnv } } : {}),
      args: ['--disable-gpu', '--no-first-run'],
    });
    const page = await browser.newPage();
    // Errors and warnings in the console (a hydration mismatch, a script the policy refused, a
    // module that failed), errors thrown in the page, and failed requests.
    const problems: string[] = [];
    // What the page went through, for a failure to tell.
    const story: string[] = [];
    const note = (line: string) => story.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    page.on('console', (message) => {
      note(`console.${message.type()}: ${message.text().slice(0, 500)}`);
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`thrown: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
    });
    const connected = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('[vite] connected'),
      timeout: 60_000,
    });

    const answer = await page.goto(`${origin}/`);
    expect(answer?.status()).toBe(200);
    // The page may reach Vite's websocket on its own host; its inline scripts still need their
    // hashes.
    const csp = answer?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${port} wss://127.0.0.1:${port}`);
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    await connected;
    // Hydrated, every module in: the edit is news to a page that runs the code it replaces.
    await page.locator('main#main[data-screen-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const footer = page.locator('footer p', { hasText: 'Find your next favourite spot' });
    expect(await footer.textContent()).toBe(TAGLINE);
    await page.evaluate(() => (window.__sameDocument = true));

    note('edited');
    const edited = Date.now();
    writeFileSync(COMPONENT, original.replace(TAGLINE, EDITED));
    try {
      await expect.poll(() => footer.textContent(), { timeout: 20_000, interval: 50 }).toBe(EDITED);
      console.log(`an edit of ${COMPONENT} showed in the open page in ${Date.now() - edited} ms`);
      expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
      // The server renders the edit too: no build.
      expect(await (await fetch(`${origin}/`)).text()).toContain(EDITED);
    } catch (error) {
      const vite = dev
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"vite: '));
      throw new Error(
        `${String(error)}\nThe page:\n${story.join('\n')}\nVite:\n${vite.join('\n')}`,
        { cause: error },
      );
    } finally {
      restore();
    }
    await expect.poll(() => footer.textContent(), { timeout: 20_000 }).toBe(TAGLINE);
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);

    expect(problems).toEqual([]);
    // The host itself never started again: app/ is Vite's (scripts/dev.mjs).
    expect(dev.output().match(/Spotreel is ready/g)).toHaveLength(1);
    await browser.close();
    browser = undefined;
    expect(await stop(dev)).toBe(0);
    expect(dev.output()).toContain('shut down cleanly');
  }, 120_000);
});
