import { describe, expect, it } from 'vitest';
import { MIN_SEARCH_CHARS, searchableTerm } from './search-query';

describe('searchableTerm (the 2-character threshold)', () => {
  it('is 2 characters', () => {
    expect(MIN_SEARCH_CHARS).toBe(2);
  });

  it.each(['', ' ', 'p', '  p  ', '\tp\n'])('makes no term of %j', (input) => {
    expect(searchableTerm(input)).toBeNull();
  });

  it('searches from 2 characters on', () => {
    expect(searchableTerm('pi')).toBe('pi');
    expect(searchableTerm('pizza')).toBe('pizza');
  });

  it('trims and collapses spaces, so "  taco  bar " and "taco bar" are one term', () => {
    expect(searchableTerm('  taco   bar ')).toBe('taco bar');
  });

  it('counts characters, not UTF-16 units: one emoji is one character', () => {
    expect(searchableTerm('🌮')).toBeNull();
    expect(searchableTerm('🌮🍺')).toBe('🌮🍺');
  });

  it('counts letters with accents as one character each', () => {
    expect(searchableTerm('é')).toBeNull();
    expect(searchableTerm('éa')).toBe('éa');
  });
});
