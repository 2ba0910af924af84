import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from './routes';
import { BUSINESS_PATHS, CAMPAIGN_PATHS } from './route-sets';

type Entry = {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Entry[];
};

/** The route table as React Router matches it; each route named by its id, or its file. */
const toObjects = (entries: Entry[]): RouteObject[] =>
  entries.map((entry) =>
    entry.index
      ? { id: entry.id ?? entry.file, index: true }
      : {
          id: entry.id ?? entry.file,
          path: entry.path,
          caseSensitive: entry.caseSensitive,
          children: entry.children ? toObjects(entry.children) : undefined,
        },
  );
const table = toObjects(routes as Entry[]);

/** The route a path shows, its layout route and its params. */
function shown(path: string) {
  const matches = matchRoutes(table, path) ?? [];
  const leaf = matches.at(-1);
  return {
    route: leaf?.route.id,
    layout: matches.length > 1 ? matches[0]!.route.id : null,
    params: { ...leaf?.params },
  };
}

describe('the route table (app/routes.ts)', () => {
  it.each([
    ['/', 'routes/home.tsx', {}],
    ['/locations/the-golden-fig-12', 'place', { locationIdentifier: 'the-golden-fig-12' }],
    [
      '/location/chicago-il/the-golden-fig-12',
      'place-in-city',
      { citySlug: 'chicago-il', locationIdentifier: 'the-golden-fig-12' },
    ],
    [
      '/listing/448782/il/chicago/the-golden-fig-12',
      'listing',
      {
        reviewId: '448782',
        stateSlug: 'il',
        citySlug: 'chicago',
        locationIdentifier: 'the-golden-fig-12',
      },
    ],
    ['/reviews/448782', 'review', { reviewId: '448782' }],
    ['/users/maya.eats', 'routes/creator.tsx', { userSlug: 'maya.eats' }],
    ['/city/il/chicago', 'routes/city.tsx', { stateSlug: 'il', citySlug: 'chicago' }],
    ['/collections/7', 'collection', { collectionId: '7' }],
    [
      '/users/maya.eats/collections/31',
      'user-collection',
      { userIdentifier: 'maya.eats', userCollectionId: '31' },
    ],
    ['/feed', 'feed', {}],
  ])('spec §2.4: %s shows %s', (path, route, params) => {
    const match = shown(path);
    expect(match).toMatchObject({ route, layout: 'routes/layouts/consumer.tsx' });
    expect(match.params).toMatchObject(params);
  });

  it('decodes a param once, as typed when its escape is malformed', () => {
    expect(shown('/users/caf%C3%A9').params).toMatchObject({ userSlug: 'café' });
    expect(shown('/users/100%2525').params).toMatchObject({ userSlug: '100%25' });
  });

  it.each([
    '/unknown',
    '/Feed',
    '/FEED',
    '/Users/maya',
    '/CITY/il/chicago',
    '/reviewz/1',
    '/a/b/c',
  ])('spec §2.4 "any other path": %s shows the landing page of unknown paths', (path) => {
    expect(shown(path)).toMatchObject({
      route: 'routes/unknown.tsx',
      layout: 'routes/layouts/consumer.tsx',
    });
  });

  it('has a route for each business path of spec §2.2, with its chrome', () => {
    const layouts = Object.fromEntries(
      BUSINESS_PATHS.map((path) => [path, shown(`/${path}`).layout]),
    );
    expect(layouts).toEqual({
      biz: 'routes/layouts/business.tsx',
      'claim-business': 'routes/layouts/business.tsx',
      'claim-business/complete': 'routes/layouts/business.tsx',
      'biz/claim-business': 'routes/layouts/business.tsx',
      'biz/sign-in': null, // its own: the header except on a desktop
      'biz/dashboard': 'routes/layouts/bare.tsx',
      'biz/dashboard/overview': 'routes/layouts/bare.tsx',
      'biz/dashboard/info': 'routes/layouts/bare.tsx',
      'biz/dashboard/growth': 'routes/layouts/bare.tsx',
      'verify-business': 'routes/layouts/bare.tsx',
      'verify-business/checkout': 'routes/layouts/bare.tsx',
    });
    for (const path of BUSINESS_PATHS)
      expect(shown(`/${path}`).route).not.toBe('routes/unknown.tsx');
  });

  it('has a route for each campaign page of spec §2.3, with its chrome', () => {
    expect(Object.fromEntries(CAMPAIGN_PATHS.map((path) => [path, shown(`/${path}`)]))).toEqual({
      scholarship: {
        route: 'routes/scholarship.tsx',
        layout: 'routes/layouts/campaign.tsx',
        params: {},
      },
      'kygo-sweepstakes': {
        route: 'routes/kygo-sweepstakes.tsx',
        layout: 'routes/layouts/campaign.tsx',
        params: {},
      },
      'kygo-sweepstakes-rules': {
        route: 'routes/kygo-sweepstakes-rules.tsx',
        layout: 'routes/layouts/campaign.tsx',
        params: {},
      },
      creators: { route: 'routes/creators.tsx', layout: 'routes/layouts/campaign.tsx', params: {} },
      communityround: { route: 'routes/communityround.tsx', layout: null, params: {} },
      trytibbs: { route: 'routes/trytibbs.tsx', layout: null, params: {} },
    });
  });

  it('is case-sensitive, as the spec writes its paths', () => {
    expect(shown('/Scholarship').route).toBe('routes/unknown.tsx');
    expect(shown('/Biz').route).toBe('routes/unknown.tsx');
  });
});
