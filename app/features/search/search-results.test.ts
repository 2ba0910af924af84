import { describe, expect, it } from 'vitest';
import type { City } from '../../../contract/cities';
import type { LocationSummary } from '../../../contract/locations';
import type { Review } from '../../../contract/reviews';
import type { SearchPlace, SearchResults } from '../../../contract/search';
import type { Author } from '../../../contract/users';
import {
  buildRecentOptions,
  SEARCH_GROUPS,
  SEARCH_LIMIT_PER_TYPE,
  buildSearchOptions,
  highlightMatch,
  moveActiveIndex,
  noResultsMessage,
  normalizeCityName,
  placeDetail,
  rankByCity,
  searchPlaceholder,
  wonderSearchQuery,
} from './search-results';

const place = (id: number, city = 'Chicago', overrides: Partial<SearchPlace> = {}) =>
  ({
    clm_id: id,
    clm_name: `Place ${id}`,
    clm_label: 'Taqueria',
    clm_slug: `place-${id}`,
    clm_address: '1 Main St',
    clm_city: city,
    clm_state: 'IL',
    clm_zip: '60601',
    clm_neighborhood: 'Pilsen',
    super_categories: [],
    city_slug: city.toLowerCase().replace(/\s+/g, '-'),
    poster_url: `/media/${id}.jpg`,
    review_count: 3,
    follower_count: 10,
    clm_price_level: null,
    clm_hours: [],
    clm_time_zone: 'America/Chicago',
    tags: { categories: [], cuisines: [] },
    distance_km: null,
    ...overrides,
  }) satisfies SearchPlace;

const city = (id: number, name: string, overrides: Partial<City> = {}) =>
  ({
    clm_id: id,
    clm_city: name,
    clm_state: 'IL',
    clm_state_name: 'Illinois',
    clm_country: 'US',
    clm_lat: 41.88,
    clm_lon: -87.63,
    clm_service_id: `svc-${id}`,
    clm_slug: `${name.toLowerCase()}-il`,
    state_slug: 'il',
    city_slug: name.toLowerCase().replace(/\s+/g, '-'),
    clm_time_zone: 'America/Chicago',
    ...overrides,
  }) satisfies City;

const author = (id: number, overrides: Partial<Author> = {}) =>
  ({
    clm_id: id,
    clm_username: `local${id}`,
    display_name: `Local ${id}`,
    avatar_url: `/media/avatar-${id}.jpg`,
    vanity_url: `local-${id}`,
    ...overrides,
  }) satisfies Author;

const review = (id: number, at: LocationSummary, overrides: Partial<Review> = {}) =>
  ({
    clm_id: id,
    clm_caption: `Best tacos in town ${id}`,
    created_at: '2025-01-01T00:00:00Z',
    view_count: 100,
    video: {
      mp4_url: `/media/${id}.mp4`,
      webm_url: `/media/${id}.webm`,
      poster_url: `/media/${id}-poster.jpg`,
      duration_ms: 15_000,
      width: 720,
      height: 1280,
      has_audio: false,
    },
    location: at,
    author: author(900 + id),
    ...overrides,
  }) satisfies Review;

const everything: SearchResults['data'] = {
  reviews: [review(31, place(1))],
  users: [author(21), author(22)],
  cities: [city(11, 'Chicago')],
  locations: [place(1), place(2, 'Evanston')],
};

describe('wonderSearchQuery', () => {
  it('asks globally for every type, 5 of each, comma-joined', () => {
    expect(wonderSearchQuery('tacos')).toEqual({
      search_type: 'global',
      term: 'tacos',
      include: 'locations,users,cities,reviews',
      limit: 5,
    });
  });

  it('stays within the endpoint limit of 50 per type', () => {
    expect(SEARCH_LIMIT_PER_TYPE).toBeGreaterThanOrEqual(1);
    expect(SEARCH_LIMIT_PER_TYPE).toBeLessThanOrEqual(50);
  });
});

describe('searchPlaceholder', () => {
  const fallback = 'Search places, cuisines, locals or cities';

  it('keeps the given placeholder without a city', () => {
    expect(searchPlaceholder(fallback)).toBe(fallback);
  });

  it('names the scope city', () => {
    expect(searchPlaceholder(fallback, { name: 'Chicago' })).toBe('Search Chicago');
  });

  it('ignores a blank city name', () => {
    expect(searchPlaceholder(fallback, { name: '  ' })).toBe(fallback);
  });
});

describe('noResultsMessage', () => {
  it('quotes the term and suggests what to try', () => {
    expect(noResultsMessage('zzq')).toBe(
      'No spots match “zzq”. Try a cuisine, a neighbourhood or a city.',
    );
  });
});

describe('placeDetail', () => {
  it('reads "label · neighbourhood, city"', () => {
    expect(placeDetail(place(1))).toBe('Taqueria · Pilsen, Chicago');
  });

  it('leaves out a missing neighbourhood', () => {
    expect(placeDetail(place(1, 'Chicago', { clm_neighborhood: '' }))).toBe('Taqueria · Chicago');
  });

  it('leaves out a missing label without a dangling separator', () => {
    expect(placeDetail(place(1, 'Chicago', { clm_label: ' ' }))).toBe('Pilsen, Chicago');
  });
});

describe('normalizeCityName', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(normalizeCityName('  San   José ')).toBe('san jose');
    expect(normalizeCityName('MONTRÉAL')).toBe(normalizeCityName('montreal'));
  });
});

describe('rankByCity (city-first ranking)', () => {
  const items = [
    { id: 1, city: 'Evanston' },
    { id: 2, city: 'Chicago' },
    { id: 3, city: 'Oak Park' },
    { id: 4, city: 'chicago' },
  ];
  const cityOf = (item: { city: string }) => item.city;
  const ids = (list: { id: number }[]) => list.map((item) => item.id);

  it('puts the scope city first and keeps the endpoint order within each part', () => {
    expect(ids(rankByCity(items, cityOf, 'Chicago'))).toEqual([2, 4, 1, 3]);
  });

  it('keeps results from other cities (the endpoint has no city filter)', () => {
    expect(rankByCity(items, cityOf, 'Chicago')).toHaveLength(items.length);
  });

  it('matches regardless of case and accents', () => {
    const accented = [
      { id: 1, city: 'San Diego' },
      { id: 2, city: 'San José' },
    ];
    expect(ids(rankByCity(accented, cityOf, 'san jose'))).toEqual([2, 1]);
  });

  it('leaves the order alone without a scope city, or with a blank one', () => {
    expect(ids(rankByCity(items, cityOf, undefined))).toEqual([1, 2, 3, 4]);
    expect(ids(rankByCity(items, cityOf, ''))).toEqual([1, 2, 3, 4]);
  });

  it('leaves the order alone when nothing is in the scope city', () => {
    expect(ids(rankByCity(items, cityOf, 'Denver'))).toEqual([1, 2, 3, 4]);
  });

  it('returns a new array and does not reorder its input', () => {
    const ranked = rankByCity(items, cityOf, 'Chicago');
    expect(ranked).not.toBe(items);
    expect(ids(items)).toEqual([1, 2, 3, 4]);
  });
});

describe('buildSearchOptions', () => {
  it('knows the groups in the order Places, Cities, Locals, Videos', () => {
    expect(SEARCH_GROUPS.map((group) => group.label)).toEqual([
      'Places',
      'Cities',
      'Locals',
      'Videos',
    ]);
  });

  it('groups results in that order, whatever the order of the payload keys', () => {
    const { groups } = buildSearchOptions(everything, 'sb');
    expect(groups.map((group) => group.label)).toEqual(['Places', 'Cities', 'Locals', 'Videos']);
  });

  it('flattens the groups into one list indexed 0..n-1 in display order', () => {
    const { groups, options } = buildSearchOptions(everything, 'sb');
    expect(options).toHaveLength(6);
    expect(options.map((option) => option.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(options).toEqual(groups.flatMap((group) => group.options));
    expect(options.map((option) => option.group)).toEqual([
      'places',
      'places',
      'cities',
      'locals',
      'locals',
      'videos',
    ]);
  });

  it('gives each option a stable id made of the prefix, the group and the result id', () => {
    const { options } = buildSearchOptions(everything, 'sb');
    expect(options.map((option) => option.id)).toEqual([
      'sb-places-1',
      'sb-places-2',
      'sb-cities-11',
      'sb-locals-21',
      'sb-locals-22',
      'sb-videos-31',
    ]);
  });

  it('keeps an option’s id when the list around it changes', () => {
    const before = buildSearchOptions(everything, 'sb').options.find((o) => o.title === 'Local 22');
    const after = buildSearchOptions({ users: [author(22)] }, 'sb').options[0];
    expect(after?.id).toBe(before?.id);
    expect(after?.index).toBe(0);
  });

  it('gives every option a unique id, even when one result is listed twice', () => {
    const { options } = buildSearchOptions(
      { locations: [place(1), place(1)], cities: [city(1, 'Chicago')] },
      'sb',
    );
    expect(options.map((option) => option.id)).toEqual(['sb-places-1', 'sb-cities-1']);
  });

  it('labels each group by an id of its own', () => {
    const { groups } = buildSearchOptions(everything, 'sb');
    expect(groups.map((group) => group.labelId)).toEqual([
      'sb-places-label',
      'sb-cities-label',
      'sb-locals-label',
      'sb-videos-label',
    ]);
  });

  it('builds every href with paths', () => {
    const { options } = buildSearchOptions(
      {
        locations: [place(1, 'Chicago', { city_slug: 'chicago', clm_slug: 'taco-joint-1' })],
        cities: [city(11, 'Chicago', { state_slug: 'il', city_slug: 'chicago' })],
        users: [author(21, { vanity_url: 'maria' })],
        reviews: [review(31, place(1))],
      },
      'sb',
    );
    expect(options.map((option) => option.href)).toEqual([
      '/location/chicago/taco-joint-1',
      '/city/il/chicago',
      '/users/maria',
      '/reviews/31',
    ]);
  });

  it('describes a place by name and "label · neighbourhood, city", with its poster', () => {
    const [option] = buildSearchOptions({ locations: [place(1)] }, 'sb').options;
    expect(option).toMatchObject({
      title: 'Place 1',
      detail: 'Taqueria · Pilsen, Chicago',
      image: '/media/1.jpg',
    });
  });

  it('has no image for a place without a video yet', () => {
    const [option] = buildSearchOptions(
      { locations: [place(1, 'Chicago', { poster_url: null })] },
      'sb',
    ).options;
    expect(option?.image).toBeNull();
  });

  it('describes a city by name and state', () => {
    const [option] = buildSearchOptions({ cities: [city(11, 'Chicago')] }, 'sb').options;
    expect(option).toMatchObject({ title: 'Chicago', detail: 'Illinois', image: null });
  });

  it('falls back to the state code when the state name is missing', () => {
    const [option] = buildSearchOptions(
      { cities: [city(11, 'Chicago', { clm_state_name: '' })] },
      'sb',
    ).options;
    expect(option?.detail).toBe('IL');
  });

  it('describes a local by display name, @username and avatar', () => {
    const [option] = buildSearchOptions({ users: [author(21)] }, 'sb').options;
    expect(option).toMatchObject({
      title: 'Local 21',
      detail: '@local21',
      image: '/media/avatar-21.jpg',
    });
  });

  it('names a local without a display name by @username', () => {
    const [option] = buildSearchOptions(
      { users: [author(21, { display_name: '' })] },
      'sb',
    ).options;
    expect(option?.title).toBe('@local21');
  });

  it('describes a video by caption, place and poster', () => {
    const [option] = buildSearchOptions({ reviews: [review(31, place(1))] }, 'sb').options;
    expect(option).toMatchObject({
      title: 'Best tacos in town 31',
      detail: 'Place 1 · Chicago',
      image: '/media/31-poster.jpg',
    });
  });

  it('names a video without a caption after its place', () => {
    const [option] = buildSearchOptions(
      { reviews: [review(31, place(1), { clm_caption: '  ' })] },
      'sb',
    ).options;
    expect(option?.title).toBe('A video at Place 1');
  });

  it('leaves out empty and missing groups', () => {
    const { groups } = buildSearchOptions({ locations: [], users: [author(1)] }, 'sb');
    expect(groups.map((group) => group.key)).toEqual(['locals']);
  });

  it('has nothing for an empty answer', () => {
    expect(buildSearchOptions({}, 'sb')).toEqual({ groups: [], options: [] });
  });

  it('ranks the scope city first in places, cities and videos', () => {
    const evanston = place(2, 'Evanston');
    const chicago = place(1, 'Chicago');
    const { options } = buildSearchOptions(
      {
        locations: [evanston, chicago],
        cities: [city(12, 'Evanston'), city(11, 'Chicago')],
        reviews: [review(32, evanston), review(31, chicago)],
      },
      'sb',
      'Chicago',
    );
    expect(options.map((option) => option.id)).toEqual([
      'sb-places-1',
      'sb-places-2',
      'sb-cities-11',
      'sb-cities-12',
      'sb-videos-31',
      'sb-videos-32',
    ]);
    expect(options.map((option) => option.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps locals in the endpoint order with a scope city (authors carry no city)', () => {
    const { options } = buildSearchOptions({ users: [author(2), author(1)] }, 'sb', 'Chicago');
    expect(options.map((option) => option.id)).toEqual(['sb-locals-2', 'sb-locals-1']);
  });
});

describe('moveActiveIndex (wrapping across groups)', () => {
  it('moves down and up by one', () => {
    expect(moveActiveIndex(0, 'next', 4)).toBe(1);
    expect(moveActiveIndex(2, 'previous', 4)).toBe(1);
  });

  it('wraps from the last option to the first, and from the first to the last', () => {
    expect(moveActiveIndex(3, 'next', 4)).toBe(0);
    expect(moveActiveIndex(0, 'previous', 4)).toBe(3);
  });

  it('starts at the top going down and at the bottom going up when none is active', () => {
    expect(moveActiveIndex(-1, 'next', 4)).toBe(0);
    expect(moveActiveIndex(-1, 'previous', 4)).toBe(3);
  });

  it('goes to the first and last option (Home and End)', () => {
    expect(moveActiveIndex(2, 'first', 4)).toBe(0);
    expect(moveActiveIndex(1, 'last', 4)).toBe(3);
    expect(moveActiveIndex(-1, 'first', 4)).toBe(0);
    expect(moveActiveIndex(-1, 'last', 4)).toBe(3);
  });

  it('has no active option in an empty list', () => {
    for (const move of ['next', 'previous', 'first', 'last'] as const) {
      expect(moveActiveIndex(-1, move, 0)).toBe(-1);
      expect(moveActiveIndex(2, move, 0)).toBe(-1);
    }
  });

  it('stays on the only option of a one-option list', () => {
    expect(moveActiveIndex(0, 'next', 1)).toBe(0);
    expect(moveActiveIndex(0, 'previous', 1)).toBe(0);
  });

  it('restarts from an end when the list shrank under the active option', () => {
    expect(moveActiveIndex(7, 'next', 3)).toBe(0);
    expect(moveActiveIndex(7, 'previous', 3)).toBe(2);
  });

  it('visits every option once in a full round, in both directions', () => {
    const count = 5;
    const down: number[] = [];
    const up: number[] = [];
    let d = -1;
    let u = -1;
    for (let step = 0; step < count; step += 1) {
      d = moveActiveIndex(d, 'next', count);
      u = moveActiveIndex(u, 'previous', count);
      down.push(d);
      up.push(u);
    }
    expect(down).toEqual([0, 1, 2, 3, 4]);
    expect(up).toEqual([4, 3, 2, 1, 0]);
  });
});

describe('highlightMatch', () => {
  it('splits around the first match, keeping the original case', () => {
    expect(highlightMatch('Big Taco Bar', 'taco')).toEqual({
      before: 'Big ',
      match: 'Taco',
      after: ' Bar',
    });
  });

  it('matches at the start', () => {
    expect(highlightMatch('Pizza Place', 'piz')).toEqual({
      before: '',
      match: 'Piz',
      after: 'za Place',
    });
  });

  it('has nothing to highlight for a typo-tolerant hit that does not contain the term', () => {
    expect(highlightMatch('Pizza Place', 'pizaa')).toBeNull();
  });

  it('has nothing to highlight for a blank term', () => {
    expect(highlightMatch('Pizza Place', '  ')).toBeNull();
  });

  it('gives up rather than misalign when lower-casing changes the length', () => {
    expect(highlightMatch('İstanbul Kebab', 'kebab')).toBeNull();
  });
});

describe('buildRecentOptions', () => {
  it('lists the recent searches as one group, each opening its results (in the scope city)', () => {
    const list = buildRecentOptions(['tacos', 'sushi bar'], 'box', {
      stateSlug: 'il',
      citySlug: 'chicago',
    });
    expect(list.groups).toHaveLength(1);
    expect(list.groups[0]).toMatchObject({ key: 'recent', label: 'Recent searches' });
    expect(list.options.map((o) => [o.id, o.index, o.title, o.href])).toEqual([
      ['box-recent-0', 0, 'tacos', '/city/il/chicago?q=tacos'],
      ['box-recent-1', 1, 'sushi bar', '/city/il/chicago?q=sushi+bar'],
    ]);
    expect(buildRecentOptions([], 'box')).toEqual({ groups: [], options: [] });
  });
});
