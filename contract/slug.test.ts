import { describe, expect, it } from 'vitest';
import { idFromLocationIdentifier, locationIdentifier, slugify } from './slug';

describe('slugs', () => {
  it('slugify makes lower-case ASCII hyphen-joined slugs', () => {
    expect(slugify("Joe's Café & Bar")).toBe('joes-cafe-and-bar');
    expect(slugify('  New   York ')).toBe('new-york');
  });

  it('location identifiers end in the numeric id', () => {
    expect(locationIdentifier('The Golden Fig', 1234)).toBe('the-golden-fig-1234');
    expect(idFromLocationIdentifier('the-golden-fig-1234')).toBe(1234);
    expect(idFromLocationIdentifier('1234')).toBe(1234);
    expect(idFromLocationIdentifier('no-id')).toBeNull();
    expect(idFromLocationIdentifier('route-66x')).toBeNull();
    // past the 32-bit id columns: no place has it
    expect(idFromLocationIdentifier('the-golden-fig-2147483648')).toBeNull();
    expect(idFromLocationIdentifier('the-golden-fig-2147483647')).toBe(2147483647);
  });
});
