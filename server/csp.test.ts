import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { createHash } from 'node:crypto';
import { inlineScriptHashes, pageCsp } from './csp';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('pageCsp', () => {
  it("allows scripts from us and the page's own inline ones by hash, never unsafe-inline", () => {
    const csp = pageCsp(["'sha256-A'", "'sha256-B'"], parseConfig({}));
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'sha256-A'", "'sha256-B'"]);
    expect(csp).not.toContain('nonce');
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("lets a page of `npm run dev` reach Vite's hot-update websocket on its own host only", () => {
    const dev = pageCsp(["'sha256-n'"], parseConfig({ HOT_RELOAD: 'true' }), '127.0.0.1:3000');
    expect(directive(dev, 'connect-src')).toEqual([
      "'self'",
      'ws://127.0.0.1:3000',
      'wss://127.0.0.1:3000',
    ]);
    // nothing else changes: inline scripts still need their hash
    expect(directive(dev, 'script-src')).toEqual(["'self'", "'sha256-n'"]);
    // without HOT_RELOAD (npm start, production) the host is no source at all
    expect(
      directive(pageCsp(["'sha256-n'"], parseConfig({}), '127.0.0.1:3000'), 'connect-src'),
    ).toEqual(["'self'"]);
  });

  it('adds exactly the hosts of the configured trackers', () => {
    const csp = pageCsp(
      ["'sha256-n'"],
      parseConfig({
        POSTHOG_KEY: 'phc_test',
        POSTHOG_HOST: 'https://eu.i.posthog.com/',
        GA4_MEASUREMENT_ID: 'G-TEST1234',
      }),
    );
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      "'sha256-n'",
      'https://*.googletagmanager.com',
    ]);
    expect(directive(csp, 'connect-src')).toContain('https://eu.i.posthog.com');
    expect(csp).not.toContain('facebook.net');

    const pixel = pageCsp(["'sha256-n'"], parseConfig({ META_PIXEL_ID: '1234567890' }));
    expect(directive(pixel, 'script-src')).toEqual([
      "'self'",
      "'sha256-n'",
      'https://connect.facebook.net',
    ]);
    expect(directive(pixel, 'img-src')).toContain('https://www.facebook.com');
    expect(pixel).not.toContain('googletagmanager');
  });
});

describe('inlineScriptHashes', () => {
  const sha = (text: string) =>
    `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('hashes each inline script the render marked, as the browser does, once, and nothing else', () => {
    const html = [
      '<link rel="modulepreload" href="/assets/a.js"/>',
      '<script nonce="r3nd">window.__ctx = {"a":"café"};</script>',
      '<script type="module" async="" nonce="r3nd">import "/assets/entry.js";</script>',
      '<script src="/assets/b.js" nonce="r3nd"></script>',
      '<script id="page-flags" type="application/json">{"flags":{}}</script>',
      '<script nonce="r3nd">window.__ctx = {"a":"café"};</script>',
      '<script nonce="r3nd">a();\r\nb();\rc();</script>',
      // markup a stored text injected would carry no mark, or another render's
      '<script>steal()</script>',
      '<script nonce="0ld">steal()</script>',
      '<p>&lt;script&gt; is text</p>',
    ].join('');
    expect(inlineScriptHashes(Buffer.from(html), 'r3nd')).toEqual([
      sha('window.__ctx = {"a":"café"};'),
      sha('import "/assets/entry.js";'),
      // the HTML parser turns CR LF and CR into LF before the browser hashes
      sha('a();\nb();\nc();'),
    ]);
  });

  it('finds none in a page without inline scripts, or an empty answer', () => {
    expect(inlineScriptHashes(Buffer.from('<html><body>x</body></html>'), 'r3nd')).toEqual([]);
    expect(inlineScriptHashes(Buffer.alloc(0), 'r3nd')).toEqual([]);
  });
});
