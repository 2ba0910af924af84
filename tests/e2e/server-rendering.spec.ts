import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, test } from './fixtures';

const PAGES: [string, RegExp][] = [
  ['/', /Find your next/],
  ['/city/il/chicago', /Chicago/],
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
  ['/biz/claim-business', /\S/],
  ['/kygo-sweepstakes', /\S/],
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
      // Every element removed from the document from the first byte until hydration ends:
      // hydration adopts the server's nodes, so none may be dropped or rendered twice. React
      // Router creates its router during the hydrating render, which then finishes in the same
      // task, so a microtask queued at that moment reads the DOM just after hydration (before
      // effects and state updates). The scripts that hand the page's data over to the router
      // (`streamController.enqueue/close`) are server-only and have run: they may go.
      await page.addInitScript(() => {
        const removed: string[] = [];
        const state = window as unknown as { removedAtHydration?: string[]; router?: unknown };
        const dataHandOver = (node: Element) =>
          node.nodeName === 'SCRIPT' && /streamController\./.test(node.textContent ?? '');
        const note = (records: MutationRecord[]) => {
          for (const record of records) {
            for (const node of record.removedNodes) {
              if (!(node instanceof Element) || dataHandOver(node)) continue;
              removed.push(node.nodeName + (node.id ? `#${node.id}` : ''));
            }
          }
        };
        const observer = new MutationObserver(note);
        observer.observe(document, { childList: true, subtree: true });
        Object.defineProperty(window, '__reactRouterDataRouter', {
          configurable: true,
          get: () => state.router,
          set(router) {
            state.router = router;
            queueMicrotask(() => {
              note(observer.takeRecords());
              state.removedAtHydration = [...removed];
            });
          },
        });
      });
      await page.goto(path);
      await hydrated(page);
      const dom = await page.evaluate(() => ({
        removed: (window as unknown as { removedAtHydration?: string[] }).removedAtHydration,
        counts: ['head', 'body', 'main', 'h1'].map((tag) => document.querySelectorAll(tag).length),
        reactOnlyAttributes: document.querySelectorAll('[suppresshydrationwarning]').length,
      }));
      expect(dom.removed).toEqual([]);
      expect(dom.counts).toEqual([1, 1, 1, 1]);
      expect(dom.reactOnlyAttributes).toBe(0);
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
