import { describe, expect, it } from 'vitest';
import { isMostlyInView } from './in-view';

const entry = (intersectionRatio: number, visibleHeight = 0, rootHeight: number | null = 800) => ({
  isIntersecting: intersectionRatio > 0,
  intersectionRatio,
  visibleHeight,
  rootHeight,
});

describe('in view for autoplay (spec §2.4: at least 60% visible)', () => {
  it('is in view from 60% visible', () => {
    expect(isMostlyInView(entry(0.6))).toBe(true);
    expect(isMostlyInView(entry(0.5999))).toBe(true); // a threshold crossing reported a hair low
    expect(isMostlyInView(entry(1))).toBe(true);
  });

  it('is not in view below 60%, or when not intersecting', () => {
    expect(isMostlyInView(entry(0.55, 300))).toBe(false);
    expect(isMostlyInView(entry(0))).toBe(false);
    expect(isMostlyInView({ ...entry(0.9), isIntersecting: false })).toBe(false);
  });

  it('counts a video taller than the screen as in view when it fills 60% of the screen', () => {
    expect(isMostlyInView(entry(0.56, 390, 390))).toBe(true);
    expect(isMostlyInView(entry(0.3, 200, 390))).toBe(false);
    expect(isMostlyInView(entry(0.3, 390, null))).toBe(false);
  });
});
