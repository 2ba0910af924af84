import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { etagOf } from './etag';

describe('etagOf', () => {
  it('gives a text and its UTF-8 bytes the same strong tag', () => {
    const text = JSON.stringify({ term: 'café crème', data: { locations: [] } });
    expect(etagOf(text)).toBe(etagOf(new TextEncoder().encode(text)));
    expect(etagOf(text)).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it('is the SHA-1 of the bytes, so different answers get different tags', () => {
    const text = '{"a":1}';
    const sha1 = createHash('sha1').update(text).digest('base64url').slice(0, 27);
    expect(etagOf(text)).toBe(`"${sha1}"`);
    expect(etagOf('{"a":2}')).not.toBe(etagOf(text));
  });
});
