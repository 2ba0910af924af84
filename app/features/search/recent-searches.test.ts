import { describe, expect, it } from 'vitest';
import { MAX_RECENT_SEARCHES, parseRecentSearches, withRecentSearch } from './recent-searches';

describe('withRecentSearch', () => {
  it('puts the newest words first and keeps the same words once, whatever their case or spacing', () => {
    expect(withRecentSearch(['sushi', 'Tacos'], '  tacos   al pastor ')).toEqual([
      'tacos al pastor',
      'sushi',
      'Tacos',
    ]);
    expect(withRecentSearch(['sushi', 'Tacos'], 'TACOS')).toEqual(['TACOS', 'sushi']);
  });

  it(`keeps the last ${MAX_RECENT_SEARCHES} and ignores empty words`, () => {
    const full = ['a1', 'a2', 'a3', 'a4', 'a5'];
    expect(withRecentSearch(full, 'new')).toEqual(['new', 'a1', 'a2', 'a3', 'a4']);
    expect(withRecentSearch(full, '   ')).toEqual(full);
  });
});

describe('parseRecentSearches', () => {
  it('reads a stored list and tolerates anything else under the key', () => {
    expect(parseRecentSearches('["pizza","sushi"]')).toEqual(['pizza', 'sushi']);
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"q":"pizza"}')).toEqual([]);
    expect(parseRecentSearches('["pizza", 3, "", null, "tacos"]')).toEqual(['pizza', 'tacos']);
    // what no search box could have sent is not offered back
    expect(parseRecentSearches(JSON.stringify(['x'.repeat(5000), 'ramen']))).toEqual(['ramen']);
    expect(parseRecentSearches(JSON.stringify(['1', '2', '3', '4', '5', '6', '7']))).toHaveLength(
      MAX_RECENT_SEARCHES,
    );
  });
});
