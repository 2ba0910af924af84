import { describe, expect, it } from 'vitest';
import type { Location } from '../../../contract/locations';
import { businessEntryTarget } from './business-entry';
import { classifyLocation } from './classify-location';

const tag = (safe_name: string) => ({ clm_id: 1, safe_name, name: safe_name });
const place = (
  overrides: Partial<Location> & {
    categories?: string[];
    cuisines?: string[];
    food?: string[];
  } = {},
): Location => {
  const { categories = [], cuisines = [], food = [], ...rest } = overrides;
  return {
    clm_id: 1234,
    clm_name: "Rosa's Trattoria",
    clm_label: 'Italian Restaurant',
    clm_slug: 'rosas-trattoria-1234',
    clm_address: '12 Mulberry St',
    clm_city: 'New York',
    clm_state: 'NY',
    clm_zip: '10013',
    clm_neighborhood: 'Little Italy',
    super_categories: ['dining'],
    city_slug: 'new-york-ny',
    poster_url: null,
    review_count: 9,
    follower_count: 20,
    clm_prompt: '',
    clm_description: '',
    clm_phone: '',
    clm_lat: 0,
    clm_lon: 0,
    clm_price_level: 2,
    clm_hours: [],
    links: { website: 'https://www.rosas.com' },
    tags: {
      categories: categories.map(tag),
      cuisines: cuisines.map(tag),
      food_and_drink: food.map(tag),
    },
    city: {
      clm_id: 1,
      clm_city: 'New York',
      clm_state: 'NY',
      clm_state_name: 'New York',
      clm_country: 'US',
      clm_lat: 0,
      clm_lon: 0,
      clm_service_id: 'x',
      clm_slug: 'new-york-ny',
      state_slug: 'ny',
      city_slug: 'new-york',
      clm_time_zone: 'America/Chicago',
    },
    ...rest,
  };
};

describe('classifyLocation (spec §4)', () => {
  it.each([
    [place(), 'hospitality'],
    [place({ super_categories: ['nightlife'] }), 'hospitality'],
    [place({ super_categories: ['hotel', 'nightlife'] }), 'hospitality'],
    [place({ super_categories: ['experiences'] }), 'hospitality'],
    [place({ super_categories: ['shopping'] }), 'non-hospitality'],
    [place({ super_categories: ['dining', 'shopping'] }), 'non-hospitality'],
    [place({ super_categories: [] }), 'non-hospitality'],
    [place({ super_categories: [], cuisines: ['italian'] }), 'non-hospitality'],
    [place({ categories: ['business-and-professional-services'] }), 'non-hospitality'],
    [place({ categories: ['health-and-medicine'] }), 'non-hospitality'],
    [place({ categories: ['restaurant'] }), 'hospitality'],
  ] as const)('%# → %s', (location, expected) => {
    expect(classifyLocation(location)).toBe(expected);
  });
});

describe('businessEntryTarget (spec §2.2)', () => {
  const base = { defaultTarget: null, claimSiteUrl: 'https://business.spotreel.app/claim' };

  it("takes the default target's branch when the flag names one", () => {
    const hospitality = { ...base, location: place(), source: '' };
    expect(businessEntryTarget(hospitality)).toBe(base.claimSiteUrl);
    expect(businessEntryTarget({ ...hospitality, defaultTarget: 'verify-business' })).toBe(
      '/verify-business',
    );
    expect(
      businessEntryTarget({ ...hospitality, source: 'news', defaultTarget: 'claim-business' }),
    ).toMatch(/^\/claim-business\?utm_source=news&position=Owner&businessName=/);
    const shop = { ...base, location: place({ super_categories: ['shopping'] }), source: 'x' };
    expect(businessEntryTarget({ ...shop, defaultTarget: 'claim-site' })).toBe(base.claimSiteUrl);
  });

  it.each(['', '/', 'canonical-mobile'])(
    'sends hospitality places with source "%s" to the external claim site',
    (source) => {
      expect(businessEntryTarget({ ...base, location: place(), source })).toBe(base.claimSiteUrl);
    },
  );

  it('sends non-hospitality places to /verify-business, with utm_source when known', () => {
    expect(
      businessEntryTarget({ ...base, location: place({ super_categories: [] }), source: '' }),
    ).toBe('/verify-business');
    expect(
      businessEntryTarget({
        ...base,
        location: place({ super_categories: ['shopping'] }),
        source: 'web',
      }),
    ).toBe('/verify-business?utm_source=web');
  });

  it('sends other hospitality sources to /claim-business with the prefilled query', () => {
    const target = businessEntryTarget({ ...base, location: place(), source: 'location-page' });
    const url = new URL(target, 'https://x');
    expect(url.pathname).toBe('/claim-business');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'location-page',
      position: 'Owner',
      businessName: "Rosa's Trattoria",
      businessWebsite: 'https://www.rosas.com',
      'address[addr_line1]': '12 Mulberry St',
      'address[city]': 'New York',
      'address[state]': 'NY',
      'address[postal]': '10013',
    });
  });
});
