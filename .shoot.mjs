import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3850';
const [, , path = '/?q=sushi', name = 'results', widths = '375,768,1280,1440', full = '0'] = process.argv;
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
for (const w of widths.split(',').map(Number)) {
  const ctx = await browser.newContext({
    viewport: { width: w, height: w < 768 ? 812 : 900 },
    userAgent: w < 768 ? IPHONE_UA : DESKTOP_UA,
    isMobile: w < 768, hasTouch: w < 768,
  });
  await ctx.addCookies([{ name: 'spotreel_consent', value: 'granted', url: base }]);
  const page = await ctx.newPage();
  page.on('console', (m) => { if (['error', 'warning'].includes(m.type())) console.log('console', m.type(), m.text()); });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/h18u-shots/${name}-${w}.png`, fullPage: full === '1' });
  await ctx.close();
}
await browser.close();
