import { describe, expect, it } from 'vitest';
import { claimUrl } from './federation';

describe('claimUrl', () => {
  it('keeps an https picture of a verified token', () => {
    expect(claimUrl('https://lh3.googleusercontent.com/a/photo.jpg')).toBe(
      'https://lh3.googleusercontent.com/a/photo.jpg',
    );
  });

  it('drops anything else: http (mixed content), other schemes, text that is no URL', () => {
    for (const value of [
      'http://example.com/face.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'not a url',
      '',
      42,
      null,
      `https://example.com/${'x'.repeat(2001)}`,
    ])
      expect(claimUrl(value)).toBeNull();
  });
});
