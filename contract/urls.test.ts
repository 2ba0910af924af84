import { describe, expect, it } from 'vitest';
import { cityPath, listingPath, locationInCityPath } from './urls';

describe('public page paths', () => {
  it('cityPath follows city/:stateSlug/:citySlug', () => {
    expect(cityPath('il', 'chicago')).toBe('/city/il/chicago');
    expect(cityPath('ny', 'new-york')).toBe('/city/ny/new-york');
  });

  it('locationInCityPath follows location/:citySlug/:locationIdentifier', () => {
    expect(locationInCityPath('chicago-il', 'the-golden-fig-1234')).toBe(
      '/location/chicago-il/the-golden-fig-1234',
    );
  });

  it('listingPath follows listing/:reviewId/:stateSlug/:citySlug/:locationIdentifier', () => {
    expect(listingPath(148734, 'il', 'chicago', 'the-golden-fig-1234')).toBe(
      '/listing/148734/il/chicago/the-golden-fig-1234',
    );
    expect(listingPath('7', 'tx', 'austin', 'x-1')).toBe('/listing/7/tx/austin/x-1');
  });

  it('encodes every segment, so no value can add a segment or a query', () => {
    expect(cityPath('a/b', 'c?d')).toBe('/city/a%2Fb/c%3Fd');
    expect(locationInCityPath('x y', 'café#1')).toBe('/location/x%20y/caf%C3%A9%231');
    expect(listingPath('1/2', '&', 'st. louis', "o'neil")).toBe(
      "/listing/1%2F2/%26/st.%20louis/o'neil",
    );
  });
});
