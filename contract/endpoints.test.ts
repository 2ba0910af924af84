import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { GrowthQuery } from './business';
import { CityTopLocationsQuery } from './cities';
import { ClassificationListQuery } from './classifications';
import { UserCollectionQuery } from './collections';
import { queryInUrl, type ReadName, type ReadQuery } from './endpoints';
import { CityFeedQuery, WatchQuery } from './feeds';
import { RelatedQuery } from './locations';
import { LocationVideosQuery } from './reviews';
import { RouteQuery } from './routes';
import { SearchQuery } from './search';
import { TopicListQuery, TopicQuery } from './topics';

/** A typed query as it arrives at the route: what URLSearchParams makes of the URL's. */
const throughUrl = (query: object) =>
  Object.fromEntries(
    new URLSearchParams(
      Object.entries(queryInUrl(query)).map(([key, value]) => [key, String(value)]),
    ),
  );

/** Each read with a query: its schema, and typed queries a loader passes (`ReadQuery`). */
const cases: { [Name in ReadName]?: [ZodType, ...ReadQuery<Name>[]] } = {
  relatedLocations: [
    RelatedQuery,
    { use_cache: true, use_only_cache: true },
    { use_cache: false, use_only_cache: false },
  ],
  locationVideos: [LocationVideosQuery, { page: 1, per_page: 15 }, { page: 3, per_page: 20 }],
  watch: [WatchQuery, { limit: 12, result_type: 'global' }],
  cityFeed: [CityFeedQuery, { limit: 4, start: 0 }, { limit: 4, start: 8 }],
  cityTopLocations: [CityTopLocationsQuery, { super_category: 'dining', limit: 8 }],
  topic: [
    TopicQuery,
    { kind: 'pizza', neighborhood: '', limit: 20 },
    { kind: 'cocktail-bar', neighborhood: 'wicker-park', limit: 1 },
  ],
  cityTopics: [TopicListQuery, { limit: 12 }],
  cuisines: [
    ClassificationListQuery,
    { page: 1, per_page: 40, city_id: 7, pinned_first: true },
    { page: 2, per_page: 10, pinned_only: false },
  ],
  route: [RouteQuery, { target_type: 'city' }],
  userCollections: [UserCollectionQuery, {}, { single: 4 }],
  growth: [GrowthQuery, { range: 7 }],
  search: [
    SearchQuery,
    {
      search_type: 'global',
      term: 'tacos',
      include: ['locations', 'users', 'cities', 'reviews'],
      limit: 24,
      price: undefined,
      sort: 'relevance',
    },
    {
      search_type: 'global',
      term: '',
      include: ['locations'],
      limit: 24,
      category: 'rooftop',
      cuisine: 'thai',
      price: [1, 3],
      open_now: true,
      city_id: 7,
      lat: 25.77,
      lon: -80.19,
      sort: 'distance',
      offset: 24,
    },
  ],
};

describe('a typed query over HTTP (queryInUrl)', () => {
  it.each(Object.entries(cases))(
    '%s: the route reads back what the loader passed',
    (_name, [schema, ...queries]) => {
      for (const query of queries) expect(schema.parse(throughUrl(query))).toEqual(query);
    },
  );

  it('writes lists comma-joined, booleans as 1 and 0, and leaves out what is undefined', () => {
    expect(
      queryInUrl({ include: ['a', 'b'], open_now: true, cached: false, limit: 4, none: undefined }),
    ).toEqual({ include: 'a,b', open_now: '1', cached: '0', limit: 4 });
  });
});
