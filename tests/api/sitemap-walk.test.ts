import { describe, expect, it } from 'vitest';
import { baseUrl } from './client';

/**
 * The sitemaps list canonical addresses only (spec §2.6, issue 39): every address in every
 * sitemap of the index answers 200, and its page's canonical link is that very address.
 */
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';
/** Pages asked at once: the server renders on this machine's few cores. */
const AT_ONCE = 4;

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
    m[1]!.replaceAll('&apos;', "'").replaceAll('&amp;', '&'),
  );

async function text(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

/** The page's canonical link, or the status when the page is no 200. */
async function canonicalOf(url: string): Promise<string> {
  const response = await fetch(url, {
    // no compression: the check reads every page, and gzip is work for nothing here
    headers: { 'user-agent': DESKTOP, accept: 'text/html', 'accept-encoding': 'identity' },
    redirect: 'manual',
  });
  const html = await response.text();
  if (response.status !== 200) return `status ${response.status}`;
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? 'none';
}

describe('the sitemap index', () => {
  it('lists only addresses that answer 200 with their own canonical link', async () => {
    const sitemaps = locs(await text(`${baseUrl()}/sitemap.xml`));
    const urls: string[] = [];
    for (const sitemap of sitemaps) urls.push(...locs(await text(sitemap)));
    expect(urls.length).toBeGreaterThan(1_000);
    expect(urls.some((u) => /\/reviews\/\d+$/.test(u))).toBe(true);
    expect(urls.some((u) => u.includes('/listing/'))).toBe(false);

    const wrong: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const canonical = await canonicalOf(url);
        if (canonical !== url) wrong.push(`${url} → ${canonical}`);
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    expect(wrong).toEqual([]);
  }, 900_000);
});
