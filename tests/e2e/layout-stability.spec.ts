import { expect, hydrated, test } from './fixtures';

/**
 * Issue 15, criterion 7: no layout shift (CLS ≤ 0.01). A route's code arrives in its own chunk
 * (ADR 067); when Vite linked the shared stylesheet again as it did and that changed which rule
 * won, the page restyled under the visitor (the place page's header moved 24 px at 375 px). Since
 * ADR 082 no chunk links a stylesheet (the last test below). The page must look the same before
 * and after hydration.
 */
const pages = [
  { name: 'landing', path: '/' },
  { name: 'city', path: '/city/il/chicago' },
  { name: 'place', path: '/location/new-york-ny/nonna-camilas-1034' },
  { name: 'review', path: '/reviews/148734' },
];

for (const { name, path } of pages) {
  test(`the ${name} page does not shift as it hydrates`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            sources: entry.sources.map((s) =>
              s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : '?',
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Scripts come late, as on a phone: the server's page is painted before any code runs, so
    // a restyle when the code arrives is a shift the observer sees.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(path);
    await hydrated(page);
    // The route's chunk has arrived, and run, once the network is quiet.
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(shifts.length === 0 ? 'no shift' : JSON.stringify(shifts)).toBe('no shift');
    expect(total).toBeLessThanOrEqual(0.01);
  });
}

/**
 * ADR 082: the app's styles are one stylesheet (`cssCodeSplit: false`), linked once by the root.
 * With a stylesheet per chunk, React Router marks one also imported on demand with `#`, so Vite's
 * preload helper did not recognise it and linked it again as the consent banner's chunk loaded:
 * the same 81 KB parsed twice, a restyle after the first paint, and every later restyle matching
 * each rule twice. Each sheet must be in the page once, after hydration and after the parts
 * loaded on demand (the consent banner, shown to a visitor not asked yet; the sign-in dialog).
 */
test.describe('a visitor not asked about measurement yet', () => {
  test.use({ consent: null });

  test('each stylesheet is in the page once, also after the parts loaded on demand', async ({
    page,
  }) => {
    const sheets = () =>
      page.evaluate(() =>
        [...document.styleSheets].flatMap((sheet) =>
          sheet.href ? [new URL(sheet.href).pathname] : [],
        ),
      );
    await page.goto('/location/new-york-ny/nonna-camilas-1034');
    await hydrated(page);
    await expect(page.getByRole('region', { name: 'Help us make Spotreel better' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const atLoad = await sheets();
    expect(atLoad.length).toBeGreaterThan(0);
    expect(atLoad).toEqual([...new Set(atLoad)]);
    await page.getByTestId('sign-in').click();
    await expect(page.getByRole('dialog', { name: 'Sign in to Spotreel' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await sheets()).toEqual(atLoad);
  });
});
