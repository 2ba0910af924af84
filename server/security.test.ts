import { describe, expect, it } from 'vitest';
import { cookieName, secureCookiesIn } from '../contract/cookies';
import { createCsrfTokens } from './security';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const DEVICE = 'web-3b1f0c9e-8d1a-4a57-9a53-0d6f1e2b7c44';

describe('CSRF tokens (docs/decisions/025-csrf-tokens.md)', () => {
  const tokens = createCsrfTokens(SECRET);

  it('holds a token it issued for the device id it was issued for', () => {
    const token = tokens.issue(DEVICE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token, DEVICE)).toBe(true);
    // a fresh nonce each time, each one good
    const other = tokens.issue(DEVICE);
    expect(other).not.toBe(token);
    expect(tokens.verify(other, DEVICE)).toBe(true);
  });

  it("refuses another device's token", () => {
    expect(tokens.verify(tokens.issue('web-other-device-0001'), DEVICE)).toBe(false);
  });

  it('refuses a token of another key, and every key of its own without AUTH_SECRET', () => {
    const token = tokens.issue(DEVICE);
    expect(createCsrfTokens(SECRET).verify(token, DEVICE)).toBe(true);
    expect(createCsrfTokens(`${SECRET}-rotated`).verify(token, DEVICE)).toBe(false);
    const own = createCsrfTokens(null);
    expect(own.verify(token, DEVICE)).toBe(false);
    expect(createCsrfTokens(null).verify(own.issue(DEVICE), DEVICE)).toBe(false);
  });

  it('refuses forged, truncated and altered tokens', () => {
    const token = tokens.issue(DEVICE);
    const [nonce, mac] = token.split('.') as [string, string];
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    for (const forged of [
      '',
      'a',
      'abcdefghijklmnopqrstuvwxyz012345',
      nonce,
      `${nonce}.`,
      token.slice(0, -1),
      `${token}A`,
      `${flip(nonce, 0)}.${mac}`,
      `${nonce}.${flip(mac, 5)}`,
      `${nonce}.${'A'.repeat(43)}`,
      ` ${token}`,
      token.replace('.', ':'),
    ])
      expect(tokens.verify(forged, DEVICE), JSON.stringify(forged)).toBe(false);
  });
});

describe('cookie names (contract/cookies.ts)', () => {
  it('are __Host- prefixed wherever cookies are Secure: everywhere but local hosts', () => {
    expect(secureCookiesIn('production')).toBe(true);
    expect(secureCookiesIn('sandbox')).toBe(true);
    expect(secureCookiesIn('unknown')).toBe(true);
    expect(secureCookiesIn('local')).toBe(false);
    expect(cookieName('csrftoken', true)).toBe('__Host-csrftoken');
    expect(cookieName('csrftoken', false)).toBe('csrftoken');
  });
});
