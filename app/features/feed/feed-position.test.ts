import { describe, expect, it } from 'vitest';
import { shouldLoadMore, stepTarget } from './feed-position';

describe('loading the next page of a feed', () => {
  it('loads once the visitor is two videos from the end', () => {
    expect(shouldLoadMore(0, 6)).toBe(false);
    expect(shouldLoadMore(2, 6)).toBe(false);
    expect(shouldLoadMore(3, 6)).toBe(true); // videos 5 and 6 are left
    expect(shouldLoadMore(5, 6)).toBe(true);
    expect(shouldLoadMore(6, 6)).toBe(true); // on the loading slide
  });

  it('loads at once for a short or empty first page', () => {
    expect(shouldLoadMore(0, 3)).toBe(true);
    expect(shouldLoadMore(0, 1)).toBe(true);
    expect(shouldLoadMore(0, 0)).toBe(true);
  });
});

describe('stepping through the slides', () => {
  it('moves one slide down or up', () => {
    expect(stepTarget(0, 'next', 5)).toBe(1);
    expect(stepTarget(3, 'previous', 5)).toBe(2);
  });

  it('stays on the first and the last slide', () => {
    expect(stepTarget(0, 'previous', 5)).toBe(0);
    expect(stepTarget(4, 'next', 5)).toBe(4);
    expect(stepTarget(9, 'next', 5)).toBe(4);
    expect(stepTarget(0, 'next', 0)).toBe(0);
  });
});
