import { describe, expect, it } from 'vitest';
import { isTopicSlug, topicTitle } from './topic-rules';

describe('topicTitle', () => {
  it.each([
    ['category', 'Cocktail Bar', 'Cocktail Bars'],
    ['category', 'Bakery', 'Bakeries'],
    ['category', 'Bed & Breakfast', 'Bed & Breakfasts'],
    ['category', 'Business & Professional Services', 'Business & Professional Services'],
    ['category', 'Bowling', 'Bowling'],
    ['category', 'Health & Medicine', 'Health & Medicine'],
    ['cuisine', 'Pizza', 'Pizza'],
    ['cuisine', 'Italian', 'Italian'],
    ['super_category', 'Nightlife', 'Nightlife'],
  ] as const)('%s %s: %s', (kind, name, title) => {
    expect(topicTitle(kind, name)).toBe(title);
  });
});

describe('isTopicSlug', () => {
  it('takes lower-case slugs only', () => {
    expect(['pizza', 'cocktail-bar', 'wicker-park', 'route-66'].every(isTopicSlug)).toBe(true);
    expect(
      ['Pizza', 'pizza-', '-pizza', 'a--b', 'café', '', 'a b', 'x'.repeat(101)].some(isTopicSlug),
    ).toBe(false);
  });
});
