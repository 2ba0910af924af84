import { describe, expect, it } from 'vitest';
import { environmentForHost } from './environment';

const lists = {
  production: ['spotreel.app'],
  sandbox: ['sandbox.spotreel.app'],
  local: ['localhost', '127.0.0.1'],
};

describe('environmentForHost', () => {
  it.each([
    ['spotreel.app', 'production'],
    ['SPOTREEL.APP:443', 'production'],
    ['sandbox.spotreel.app', 'sandbox'],
    ['localhost:3000', 'local'],
    ['shop.localhost', 'local'],
    ['127.0.0.1:3000', 'local'],
    ['example.com', 'unknown'],
    [undefined, 'unknown'],
  ])('%s is %s', (host, expected) => {
    expect(environmentForHost(host, lists)).toBe(expected);
  });
});
