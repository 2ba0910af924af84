import { describe, expect, it } from 'vitest';
import type { City } from '../../../contract/cities';
import type { SearchUnderstood } from '../../../contract/search';
import { EMPTY_RESULTS_QUERY } from '../../search-params';
import { roundCoordinate, roundPosition } from '../../shared/visitor-position';
import {
  RESULTS_PAGE_SIZE,
  alternativesLabel,
  canSearch,
  formatDistance,
  nameOfSafeName,
  placeCount,
  placeKind,
  priceLabel,
  resultsApiQuery,
  understoodHeadline,
  videoCount,
} from './results';

const miami = {
  clm_id: 7,
  clm_city: 'Miami',
  clm_state: 'FL',
  clm_state_name: 'Florida',
} as City;

const understood = (over: Partial<SearchUnderstood> = {}): SearchUnderstood => ({
  what: 'sushi',
  city: null,
  neighborhood: null,
  near_me: false,
  category: null,
  cuisine: null,
  ...over,
});

describe('resultsApiQuery', () => {
  it('asks every type on the first page, places only after it', () => {
    const query = { ...EMPTY_RESULTS_QUERY, q: 'sushi' };
    expect(resultsApiQuery(query, {})).toEqual({
      search_type: 'global',
      term: 'sushi',
      include: ['locations', 'users', 'cities', 'reviews'],
      limit: RESULTS_PAGE_SIZE,
      sort: 'relevance',
    });
    expect(resultsApiQuery(query, { offset: 24 })).toMatchObject({
      include: ['locations'],
      offset: 24,
    });
  });

  it('passes the filters, the city and the position', () => {
    expect(
      resultsApiQuery(
        {
          q: '',
          category: 'rooftop',
          cuisine: 'thai',
          price: [1, 3],
          openNow: true,
          sort: 'distance',
        },
        { cityId: 7, position: { lat: 25.77, lon: -80.19 } },
      ),
    ).toEqual({
      search_type: 'global',
      term: '',
      include: ['locations'],
      limit: RESULTS_PAGE_SIZE,
      category: 'rooftop',
      cuisine: 'thai',
      price: [1, 3],
      open_now: true,
      city_id: 7,
      lat: 25.77,
      lon: -80.19,
      sort: 'distance',
    });
  });

  it('keeps the relevance order when distance has no position (the API would refuse it)', () => {
    expect(resultsApiQuery({ ...EMPTY_RESULTS_QUERY, q: 'x', sort: 'distance' }, {}).sort).toBe(
      'relevance',
    );
  });
});

describe('canSearch', () => {
  it('needs words, a filter naming what to find, or a city', () => {
    expect(canSearch(EMPTY_RESULTS_QUERY)).toBe(false);
    expect(canSearch({ ...EMPTY_RESULTS_QUERY, openNow: true })).toBe(false);
    expect(canSearch(EMPTY_RESULTS_QUERY, 7)).toBe(true);
    expect(canSearch({ ...EMPTY_RESULTS_QUERY, cuisine: 'thai' })).toBe(true);
  });
});

describe('understoodHeadline', () => {
  it('says back what the server understood', () => {
    expect(
      understoodHeadline({
        query: { ...EMPTY_RESULTS_QUERY, q: 'sushi miami' },
        understood: understood({ city: miami }),
        scopeCity: null,
      }),
    ).toBe('Sushi in Miami, FL');
    expect(
      understoodHeadline({
        query: { ...EMPTY_RESULTS_QUERY, q: 'brunch near me' },
        understood: understood({ what: 'brunch', near_me: true }),
        scopeCity: null,
      }),
    ).toBe('Brunch near you');
  });

  it('names a filter when there are no words, and the city of a city route', () => {
    expect(
      understoodHeadline({
        query: { ...EMPTY_RESULTS_QUERY, cuisine: 'mexican' },
        understood: understood({ what: '' }),
        scopeCity: { name: 'Chicago', state: 'IL' },
      }),
    ).toBe('Mexican in Chicago, IL');
    expect(
      understoodHeadline({
        query: { ...EMPTY_RESULTS_QUERY, category: 'nightlife' },
        understood: undefined,
        scopeCity: null,
      }),
    ).toBe('Nightlife');
    expect(
      understoodHeadline({
        query: EMPTY_RESULTS_QUERY,
        understood: undefined,
        scopeCity: { name: 'Austin', state: 'TX' },
      }),
    ).toBe('Places in Austin, TX');
  });

  it('uses the words typed when the answer says nothing', () => {
    expect(
      understoodHeadline({
        query: { ...EMPTY_RESULTS_QUERY, q: 'tacos' },
        understood: undefined,
        scopeCity: null,
      }),
    ).toBe('Tacos');
  });
});

describe('what a card says', () => {
  it('prices as dollar signs', () => {
    expect(priceLabel(2)).toBe('$$');
    expect(priceLabel(null)).toBe('');
  });

  it('distances in miles, as US visitors read them', () => {
    expect(formatDistance(0.05)).toBe('Under 0.1 mi');
    expect(formatDistance(1.609344)).toBe('1.0 mi');
    expect(formatDistance(3.9)).toBe('2.4 mi');
    expect(formatDistance(40)).toBe('25 mi');
  });

  it('counts places', () => {
    expect(placeCount(1)).toBe('1 place');
    expect(placeCount(1234)).toBe('1,234 places');
  });

  it('names a safe_name the answer did not name', () => {
    expect(nameOfSafeName('nightlife')).toBe('Nightlife');
    expect(nameOfSafeName('dining')).toBe('Food & Drink');
    expect(nameOfSafeName('date-night')).toBe('Date night');
  });
});

describe('the visitor position', () => {
  it('is rounded to two decimals before it is kept or sent', () => {
    expect(roundPosition(41.878113, -87.629799)).toEqual({ lat: 41.88, lon: -87.63 });
    expect(Object.is(roundCoordinate(-0.001), 0)).toBe(true);
  });
});

describe('understoodHeadline with a kind of place', () => {
  it('names the super category the words meant', () => {
    expect(
      understoodHeadline({
        query: { ...EMPTY_RESULTS_QUERY, q: 'nightlife' },
        understood: understood({ what: '', super_category: 'nightlife' }),
        scopeCity: null,
      }),
    ).toBe('Nightlife');
  });
});

describe('alternativesLabel', () => {
  it('says the city named has none before the nearest elsewhere show', () => {
    const sushi = { clm_id: 7, safe_name: 'sushi', name: 'Sushi' };
    expect(
      alternativesLabel(
        understood({ what: 'dinner', occasion: 'Dinner', city: miami, nearest_alternatives: true }),
      ),
    ).toBe('No dinner spots in Miami — nearest alternatives:');
    expect(
      alternativesLabel(understood({ cuisine: sushi, city: miami, nearest_alternatives: true })),
    ).toBe('No Sushi places in Miami — nearest alternatives:');
    expect(alternativesLabel(understood({ city: miami }))).toBeNull();
    // and the headline does not say they are in the city
    expect(
      understoodHeadline({
        query: EMPTY_RESULTS_QUERY,
        understood: understood({ cuisine: sushi, city: miami, nearest_alternatives: true }),
        scopeCity: null,
      }),
    ).toBe('Sushi near Miami, FL');
    expect(alternativesLabel(undefined)).toBeNull();
  });
});

describe('result card facts (issue 38)', () => {
  const tag = (name: string) => ({ clm_id: 1, safe_name: name.toLowerCase(), name });
  it('names the kind of place: its label, else its first cuisine, else its first category', () => {
    const tags = { categories: [tag('Bar')], cuisines: [tag('Mexican')] };
    expect(placeKind({ clm_label: 'Taqueria', tags })).toBe('Taqueria');
    expect(placeKind({ clm_label: ' ', tags })).toBe('Mexican');
    expect(placeKind({ clm_label: '', tags: { ...tags, cuisines: [] } })).toBe('Bar');
    expect(placeKind({ clm_label: '', tags: { categories: [], cuisines: [] } })).toBe('');
  });

  it('counts the videos', () => {
    expect(videoCount(0)).toBe('No videos yet');
    expect(videoCount(1)).toBe('1 video');
    expect(videoCount(1234)).toBe('1,234 videos');
  });
});
