import { describe, expect, it } from 'vitest';
import { RecentMap } from './recent-map';

describe('RecentMap', () => {
  it('keeps the most recently set entries, up to its limit', () => {
    const map = new RecentMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    map.set('a', 4); // a is now the most recent
    map.set('d', 5); // b goes
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
    expect(map.get('a')).toBe(4);
    for (let i = 0; i < 1000; i++) map.set(`k${i}`, i);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(['k997', 'k998', 'k999']);
  });

  it('refuses a limit that is not above 0', () => {
    expect(() => new RecentMap(0)).toThrow(/limit/);
  });
});
