import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, isMobile, test } from './fixtures';

const PAGES: [string, RegExp][] = [
  ['/', /Find your next/],
  ['/city/il/chicago', /Chicago/],
  ['/?q=pizza', /^Pizza/],
  ['/city/il/chicago?cuisine=tacos', /^Tacos in Chicago, IL$/],
  ['/feed', /Your feed/],
  ['/collections/1', /\S/],
  ['/reviews/148734', /\S/],
  ['/listing/148734/il/chicago/any-name-1001', /\S/],
  ['/locations/any-name-1001', /\S/],
  ['/location/new-york-ny/any-name-1001', /\S/],
  ['/users/spotreel', /Spotreel/],
  ['/biz', /Get videos from top local creators/],
  ['/biz/dashboard', /dashboard/i],
  ['/biz/sign-in', /Sign in to your business/],
  ['/biz/claim-business', /Claim your business/],
  ['/kygo-sweepstakes', /Win a summer weekend for two/],
  ['/scholarship', /\$5,000 toward what you build next/],
  ['/communityround', /Own a piece of the spots you love/],
  ['/trytibbs', /Your first drink at Tidbit Tea Co\. is on us/],
];

test.describe('server rendering', () => {
  for (const [path, heading] of PAGES) {
    test(`${path} arrives with its title, description, canonical URL and heading before any script runs`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+"/);
      const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      expect(h1).toMatch(heading);
    });

    test(`${path} hydrates onto the server's page without a console error or warning`, async ({
      page,
    }) => {
      // React reports a hydration mismatch as a console error, which fails every browser test
      // (fixtures.ts). This checks the other half: hydration adopts the server's nodes. From the
      // moment React Router creates its router (just before React hydrates) until a microtask
      // queued then, no element may be created, and none of the page's elements may leave the
      // document — React Router's two data hand-off scripts (`streamController.enqueue/close`,
      // server-only, already run) excepted. (A mismatch makes React throw the server's nodes away
      // and render anew.) Moving nodes is allowed: a node someone else put in the body during
      // parsing (as a browser extension does) is passed by, and must still be there afterwards.
      await page.addInitScript(() => {
        const state = window as unknown as {
          hydration?: { created: string[]; lost: string[] };
          router?: unknown;
        };
        const describe = (node: Element) => node.nodeName + (node.id ? `#${node.id}` : '');
        const dataHandOver = (node: Element) =>
          node.nodeName === 'SCRIPT' && /streamController\./.test(node.textContent ?? '');
        const removed: Element[] = [];
        const added: Element[] = [];
        let before: Set<Element> | undefined;
        const note = (records: MutationRecord[]) => {
          if (document.body && !document.getElementById('foreign-node')) {
            const foreign = document.createElement('div');
            foreign.id = 'foreign-node';
            document.body.append(foreign);
          }
          for (const record of records) {
            for (const node of record.removedNodes) {
              if (node instanceof Element && !dataHandOver(node)) removed.push(node);
            }
            if (!before) continue;
            for (const node of record.addedNodes) if (node instanceof Element) added.push(node);
          }
        };
        const observer = new MutationObserver(note);
        observer.observe(document, { childList: true, subtree: true });
        Object.defineProperty(window, '__reactRouterDataRouter', {
          configurable: true,
          get: () => state.router,
          set(router) {
            state.router = router;
            note(observer.takeRecords());
            before = new Set(document.querySelectorAll('*'));
            queueMicrotask(() => {
              note(observer.takeRecords());
              state.hydration = {
                created: added.filter((node) => !before?.has(node)).map(describe),
                lost: removed.filter((node) => !node.isConnected).map(describe),
              };
            });
          },
        });
      });
      await page.goto(path);
      await hydrated(page);
      const dom = await page.evaluate(() => ({
        hydration: (window as unknown as { hydration?: unknown }).hydration,
        counts: ['head', 'body', 'main', 'h1'].map((tag) => document.querySelectorAll(tag).length),
        reactOnlyAttributes: document.querySelectorAll('[suppresshydrationwarning]').length,
        foreignKept: document.getElementById('foreign-node') !== null,
      }));
      expect(dom.hydration).toEqual({ created: [], lost: [] });
      expect(dom.foreignKept).toBe(true);
      expect(dom.counts).toEqual([1, 1, 1, 1]);
      expect(dom.reactOnlyAttributes).toBe(0);
    });
  }

  test('ids stay unique and named after hydration on pages with on-demand parts', async ({
    page,
    request,
  }) => {
    // A warm server (the part's code already loaded there) and a browser that loads it now:
    // both must render the same tree in the same order, or ids made by useId collide.
    await request.get('/biz/claim-business');
    await page.goto('/biz/claim-business');
    await hydrated(page);
    const ids = () =>
      page.evaluate(() => {
        const all = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
        const referenced = Array.from(
          document.querySelectorAll('[aria-labelledby], [aria-describedby], label[for]'),
          (element) =>
            (
              element.getAttribute('aria-labelledby') ??
              element.getAttribute('aria-describedby') ??
              element.getAttribute('for') ??
              ''
            ).split(' '),
        ).flat();
        return {
          duplicates: all.filter((id, index) => all.indexOf(id) !== index),
          missing: referenced.filter((id) => id && !document.getElementById(id)),
        };
      });
    expect(await ids()).toEqual({ duplicates: [], missing: [] });
    if (isMobile(page)) {
      await page.getByTestId('top-nav').getByRole('button', { name: 'Get the app' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Download the app and discover the best spots' }),
      ).toBeVisible();
      expect(await ids()).toEqual({ duplicates: [], missing: [] });
    }
  });

  // ADR 055: <main data-screen-hydrated> (what every test waits for before it clicks or types)
  // means every node of the screen is React's, even when a part's code comes late. Each page's
  // form code (its route's chunk, or a part on demand) is held back 1.5 s: before, the mark came
  // with the screen and the part was still the server's HTML, so a click on it submitted the
  // form natively.
  for (const { path, part } of [
    { path: '/claim-business', part: /\/assets\/claim-business-[\w-]{8}\.js$/ },
    { path: '/kygo-sweepstakes', part: /\/assets\/kygo-sweepstakes-[\w-]{8}\.js$/ },
    { path: '/biz/sign-in', part: /\/assets\/on-demand-[^/]+\.js$/ },
  ]) {
    test(`${path} is marked hydrated only once its part loaded on demand is React's`, async ({
      page,
    }) => {
      let held = 0;
      await page.route(part, async (route) => {
        held += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(path);
      // the mark alone (hydrated() also waits for the network to settle, which hides a late part)
      await page.locator('main#main[data-screen-hydrated]').waitFor({ state: 'attached' });
      expect(held, 'the part came on demand').toBeGreaterThan(0);
      // React DOM marks each node it owns with its fiber; the server's HTML has no such mark.
      const serverOnly = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main#main *'))
          .filter((node) => !Object.keys(node).some((key) => key.startsWith('__reactFiber$')))
          .map((node) => node.outerHTML.slice(0, 80)),
      );
      expect(serverOnly).toEqual([]);
    });
  }

  // ADR 055: before its code arrives a form cannot be sent by the browser itself, as a GET that
  // would put what was typed (a name, an email, a phone) in the address.
  for (const { path, part } of [
    { path: '/claim-business', part: /\/assets\/claim-business-[\w-]{8}\.js$/ },
    { path: '/kygo-sweepstakes', part: /\/assets\/kygo-sweepstakes-[\w-]{8}\.js$/ },
  ]) {
    test(`${path}: Enter before the form's code arrives sends nothing`, async ({ page }) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(part, async (route) => {
        await held;
        await route.continue();
      });
      // the page's scripts wait for the held code: the page is there before its load event
      await page.goto(path, { waitUntil: 'commit' });
      const submit = page.locator('form button[type="submit"]');
      await expect(submit).toBeDisabled();
      const field = page.locator('form input[type="text"], form input[type="email"]').first();
      await field.fill('alex@example.com');
      await field.press('Enter');
      // a native submission would have loaded the page again with the fields in its query
      await page.waitForTimeout(500);
      expect(new URL(page.url()).search).toBe('');
      release();
      await page.locator('main#main[data-screen-hydrated]').waitFor({ state: 'attached' });
      await expect(submit).toBeEnabled();
    });
  }

  test('a place that does not exist answers 404 with a helpful page', async ({ request }) => {
    const response = await request.get('/locations/gone-987654321');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('find that place');
  });

  test('the landing page has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test('screenshots of the landing page', async ({ page }, info) => {
    await page.goto('/');
    await hydrated(page);
    await page.screenshot({
      path: info.outputPath(`landing-${page.viewportSize()?.width}.png`),
      fullPage: true,
    });
  });
});
