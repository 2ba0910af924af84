import { describe, expect, it } from 'vitest';
import { idFromDigits, MAX_ID, storableCopy, unstorableText } from './storable';

describe('what the database can store', () => {
  it('ids are 1 to 2147483647, written in digits', () => {
    expect(idFromDigits('1')).toBe(1);
    expect(idFromDigits('0000000042')).toBe(42);
    expect(idFromDigits(String(MAX_ID))).toBe(MAX_ID);
    for (const digits of ['0', '2147483648', '99999999999', '', '-1', '1.5', '1e3', ' 1', '١'])
      expect(idFromDigits(digits), digits).toBeNull();
  });

  it('text holds no NUL and no lone surrogate; pairs, emoji and other odd text are fine', () => {
    expect(unstorableText('a\u0000b')).toMatch(/NUL/);
    for (const text of ['\ud800', 'x\udc00', '\udfff\ud800', 'ok\ud83d'])
      expect(unstorableText(text), JSON.stringify(text)).toMatch(/surrogate/);
    for (const text of ['', '😀', '👩‍👩‍👧', 'e\u0301', '\u202e', '\ufeff', '\uffff', '\u{10ffff}', 'İ'])
      expect(unstorableText(text), JSON.stringify(text)).toBeNull();
    expect(storableCopy('a\u0000\ud800😀')).toBe('a\uFFFD\uFFFD😀');
  });
});
