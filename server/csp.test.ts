import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { pageCsp } from './csp';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('pageCsp', () => {
  it('allows scripts from us and with the nonce only, never unsafe-inline', () => {
    const csp = pageCsp('abc123', parseConfig({}));
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("lets a page of `npm run dev` reach Vite's hot-update websocket on its own host only", () => {
    const dev = pageCsp('n', parseConfig({ HOT_RELOAD: 'true' }), '127.0.0.1:3000');
    expect(directive(dev, 'connect-src')).toEqual([
      "'self'",
      'ws://127.0.0.1:3000',
      'wss://127.0.0.1:3000',
    ]);
    // nothing else changes: scripts still need the nonce
    expect(directive(dev, 'script-src')).toEqual(["'self'", "'nonce-n'"]);
    // without HOT_RELOAD (npm start, production) the host is no source at all
    expect(directive(pageCsp('n', parseConfig({}), '127.0.0.1:3000'), 'connect-src')).toEqual([
      "'self'",
    ]);
  });

  it('adds exactly the hosts of the configured trackers', () => {
    const csp = pageCsp(
      'n',
      parseConfig({
        POSTHOG_KEY: 'phc_test',
        POSTHOG_HOST: 'https://eu.i.posthog.com/',
        GA4_MEASUREMENT_ID: 'G-TEST1234',
      }),
    );
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      "'nonce-n'",
      'https://*.googletagmanager.com',
    ]);
    expect(directive(csp, 'connect-src')).toContain('https://eu.i.posthog.com');
    expect(csp).not.toContain('facebook.net');

    const pixel = pageCsp('n', parseConfig({ META_PIXEL_ID: '1234567890' }));
    expect(directive(pixel, 'script-src')).toEqual([
      "'self'",
      "'nonce-n'",
      'https://connect.facebook.net',
    ]);
    expect(directive(pixel, 'img-src')).toContain('https://www.facebook.com');
    expect(pixel).not.toContain('googletagmanager');
  });
});
