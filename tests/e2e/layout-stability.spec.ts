import { expect, hydrated, test } from './fixtures';

/**
 * Issue 15, criterion 7: no layout shift (CLS ≤ 0.01). A route's code arrives in its own chunk
 * (ADR 067), and Vite may link the shared stylesheet again when it does: if that
 * changed which rule wins, the page restyled under the visitor (the place page's header moved
 * 24 px at 375 px). The page must look the same before and after hydration.
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
    // The screen's chunk and its stylesheet link have arrived once the network is quiet.
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(shifts.length === 0 ? 'no shift' : JSON.stringify(shifts)).toBe('no shift');
    expect(total).toBeLessThanOrEqual(0.01);
  });
}
