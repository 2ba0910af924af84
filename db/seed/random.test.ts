import { describe, expect, it } from 'vitest';
import { Random } from './random';

/** The shuffle `sample` had before it kept only the moved positions: a copy of the whole list. */
function sampleByCopy<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random.next() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

describe('Random.sample', () => {
  it('picks what a shuffled copy picks, drawing the same numbers', () => {
    const sizes = [0, 1, 2, 3, 7, 50, 1000];
    for (const size of sizes) {
      const items = Array.from({ length: size }, (_, i) => `item${i}`);
      for (const count of [0, 1, 2, 5, size - 1, size, size + 3]) {
        if (count < 0) continue;
        const a = new Random(size * 31 + count);
        const b = new Random(size * 31 + count);
        for (let round = 0; round < 5; round++) {
          expect(a.sample(items, count)).toEqual(sampleByCopy(b, items, count));
        }
        expect(a.next()).toBe(b.next());
      }
    }
  });

  it('returns distinct items and leaves the list as it was', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const picked = new Random(5).sample(items, 40);
    expect(new Set(picked).size).toBe(40);
    expect(items).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});
