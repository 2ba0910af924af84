import { describe, expect, it } from 'vitest';
import { readReferrer, referrerCode, shareUrl } from './referrer';

describe('referrer codes', () => {
  it('derives a short stable code from the distinct id', () => {
    expect(referrerCode('11b45639-e4f3-4fbf-88c2-540d82efefca')).toBe('r11b45639e4f3');
    expect(referrerCode(null)).toBe('web');
  });
  it('adds the code to the shared address, replacing an old one', () => {
    expect(shareUrl('https://spotreel.app', '/reviews/1?referrer=old', 'rabc')).toBe(
      'https://spotreel.app/reviews/1?referrer=rabc',
    );
  });
  it('reads only codes the tracker accepts', () => {
    expect(readReferrer('?referrer=rabc')).toBe('rabc');
    expect(readReferrer('?referrer=%3Cscript%3E')).toBeNull();
    expect(readReferrer('?x=1')).toBeNull();
  });
});
