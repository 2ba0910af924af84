import { describe, expect, it } from 'vitest';
import {
  BUSINESS_PATHS,
  BUSINESS_ROUTES,
  CAMPAIGN_PATHS,
  CAMPAIGN_ROUTES,
  CONSUMER_ROUTES,
  asksForResults,
  matchPattern,
  needsFullLoad,
  normalizePath,
  resolveRouteSet,
  resolveScreen,
  type DeviceClass,
  type RouteSet,
  type Screen,
} from './route-sets';

const DEVICES: DeviceClass[] = ['mobile', 'tablet', 'desktop'];
const SETS: RouteSet[] = ['landing', 'business', 'campaign', 'consumer'];

describe('path lists', () => {
  it('lists the business paths of spec §2.2', () => {
    expect(BUSINESS_PATHS).toEqual([
      'biz',
      'claim-business',
      'claim-business/complete',
      'biz/claim-business',
      'biz/sign-in',
      'biz/dashboard',
      'biz/dashboard/overview',
      'biz/dashboard/info',
      'biz/dashboard/growth',
      'verify-business',
      'verify-business/checkout',
    ]);
  });

  it('counts eight business screens when the four dashboard paths count as one (spec §2.2)', () => {
    const distinct = new Set(
      BUSINESS_PATHS.map((path) => path.replace(/^biz\/dashboard(\/.*)?$/, 'biz/dashboard')),
    );
    expect(distinct.size).toBe(8);
  });

  it('lists the six campaign paths of spec §2.3', () => {
    expect(CAMPAIGN_PATHS).toEqual([
      'scholarship',
      'kygo-sweepstakes',
      'kygo-sweepstakes-rules',
      'creators',
      'communityround',
      'trytibbs',
    ]);
  });

  it('exports the consumer table of spec §2.4 as data', () => {
    expect(CONSUMER_ROUTES.map(({ pattern, id }) => [pattern, id])).toEqual([
      ['locations/:locationIdentifier', 'location'],
      ['location/:citySlug/:locationIdentifier', 'location'],
      ['listing/:reviewId/:stateSlug/:citySlug/:locationIdentifier', 'review'],
      ['reviews/:reviewId', 'review'],
      ['users/:userSlug', 'user'],
      ['city/:stateSlug/:citySlug', 'city'],
      ['collections/:collectionId', 'collection'],
      ['users/:userIdentifier/collections/:userCollectionId', 'user-collection'],
      ['feed', 'feed'],
    ]);
  });

  it('has no leading or trailing slash in any pattern', () => {
    const patterns = [...BUSINESS_ROUTES, ...CAMPAIGN_ROUTES, ...CONSUMER_ROUTES].map(
      (route) => route.pattern,
    );
    for (const pattern of patterns) expect(normalizePath(pattern)).toBe(pattern);
  });
});

describe('normalizePath', () => {
  it.each([
    ['', ''],
    ['/', ''],
    ['//', ''],
    ['///', ''],
    ['/biz', 'biz'],
    ['biz', 'biz'],
    ['/biz/', 'biz'],
    ['//biz//sign-in//', 'biz/sign-in'],
    ['/city/il/chicago/', 'city/il/chicago'],
  ])('strips and collapses slashes: %j → %j', (input, output) => {
    expect(normalizePath(input)).toBe(output);
  });

  it.each([
    ['/feed?utm_source=x', 'feed'],
    ['/feed#top', 'feed'],
    ['/feed/?a=1#b', 'feed'],
    ['/?biz=1', ''],
    ['/#biz', ''],
    ['/feed?next=/biz/sign-in', 'feed'],
  ])('drops query and hash: %j → %j', (input, output) => {
    expect(normalizePath(input)).toBe(output);
  });

  it('decodes each segment', () => {
    expect(normalizePath('/users/maya%20eats')).toBe('users/maya eats');
    expect(normalizePath('/users/caf%C3%A9')).toBe('users/café');
    expect(normalizePath('/%62iz')).toBe('biz');
  });

  it('keeps an encoded slash inside its segment', () => {
    expect(normalizePath('/users/a%2Fb')).toBe('users/a%2Fb');
    expect(normalizePath('/biz%2Fsign-in')).toBe('biz%2Fsign-in');
  });

  it('decodes only once', () => {
    expect(normalizePath('/users/100%2525')).toBe('users/100%25');
  });

  it('keeps a malformed escape as typed instead of throwing', () => {
    expect(() => normalizePath('/users/100%')).not.toThrow();
    expect(normalizePath('/users/100%')).toBe('users/100%');
    expect(normalizePath('/users/%E0%A4%A')).toBe('users/%E0%A4%A');
    expect(normalizePath('/%zz/caf%C3%A9')).toBe('%zz/café');
  });
});

describe('matchPattern', () => {
  it('returns the named params of a match', () => {
    expect(matchPattern('city/:stateSlug/:citySlug', '/city/il/chicago')).toEqual({
      stateSlug: 'il',
      citySlug: 'chicago',
    });
  });

  it('returns no params for a fixed pattern', () => {
    expect(matchPattern('feed', '/feed/')).toEqual({});
  });

  it('returns null on a different word, too many or too few segments', () => {
    expect(matchPattern('feed', '/feeds')).toBeNull();
    expect(matchPattern('city/:stateSlug/:citySlug', '/city/il')).toBeNull();
    expect(matchPattern('city/:stateSlug/:citySlug', '/city/il/chicago/x')).toBeNull();
  });
});

describe('resolveRouteSet', () => {
  describe('root path (spec §2.1)', () => {
    it.each(['/', '', '//', '/?utm_source=tiktok', '/#top'])(
      'gives desktop the landing set for %j',
      (path) => {
        expect(resolveRouteSet(path, 'desktop')).toBe('landing');
      },
    );

    it.each(['mobile', 'tablet'] as const)('gives %s the consumer set', (device) => {
      expect(resolveRouteSet('/', device)).toBe('consumer');
      expect(resolveRouteSet('', device)).toBe('consumer');
    });

    it('gives desktop the consumer set at the root when the device flag is on', () => {
      expect(resolveRouteSet('/', 'desktop', true)).toBe('consumer');
      expect(resolveRouteSet('/', 'desktop', false)).toBe('landing');
      expect(resolveRouteSet('/biz', 'desktop', true)).toBe('business');
      expect(needsFullLoad('consumer', '/', 'desktop', true)).toBe(false);
      expect(needsFullLoad('consumer', '/', 'desktop', false)).toBe(false); // the same landing screen
    });

    it('gives a desktop visitor the landing set only at the root', () => {
      expect(resolveRouteSet('/feed', 'desktop')).toBe('consumer');
      expect(resolveRouteSet('/city/il/chicago', 'desktop')).toBe('consumer');
    });
  });

  describe('business paths (spec §2.2)', () => {
    it.each(BUSINESS_PATHS.flatMap((path) => DEVICES.map((device) => [path, device] as const)))(
      '%s on %s is business',
      (path, device) => {
        expect(resolveRouteSet(`/${path}`, device)).toBe('business');
      },
    );

    it.each(['/claim-business/', '//claim-business', '/verify-business/checkout/?x=1'])(
      'matches %j after normalising',
      (path) => {
        expect(resolveRouteSet(path, 'desktop')).toBe('business');
      },
    );

    it.each([
      '/bizarre',
      '/users/bizzy',
      '/BIZ',
      '/Biz/Sign-In',
      '/showbiz',
      '/location/chicago/the-biz-cafe-12',
      '/biz/unknown/deep/path',
      '/%62iz',
    ])('treats %j as business because it contains biz', (path) => {
      for (const device of DEVICES) expect(resolveRouteSet(path, device)).toBe('business');
    });

    it.each(['/Claim-Business', '/VERIFY-BUSINESS', '/claim-business/other', '/business'])(
      'matches the fixed words case-sensitively: %j is consumer',
      (path) => {
        expect(resolveRouteSet(path, 'desktop')).toBe('consumer');
      },
    );

    it('looks for biz in the path only, not the query or hash', () => {
      expect(resolveRouteSet('/feed?ref=biz', 'mobile')).toBe('consumer');
      expect(resolveRouteSet('/feed#biz', 'mobile')).toBe('consumer');
    });
  });

  describe('campaign paths (spec §2.3)', () => {
    it.each(CAMPAIGN_PATHS.flatMap((path) => DEVICES.map((device) => [path, device] as const)))(
      '%s on %s is campaign',
      (path, device) => {
        expect(resolveRouteSet(`/${path}`, device)).toBe('campaign');
      },
    );

    it.each(['/scholarship/', '/creators?utm_source=ig', '//trytibbs//'])(
      'matches %j after normalising',
      (path) => {
        expect(resolveRouteSet(path, 'desktop')).toBe('campaign');
      },
    );

    it.each(['/Scholarship', '/creators/apply', '/kygo', '/scholarships'])(
      'does not treat %j as a campaign page',
      (path) => {
        expect(resolveRouteSet(path, 'desktop')).toBe('consumer');
      },
    );
  });

  describe('consumer paths (spec §2.4)', () => {
    it.each([
      '/feed',
      '/locations/the-golden-fig-12',
      '/city/il/chicago',
      '/users/maya.eats',
      '/anything/else',
      '/%zz',
    ])('gives %j the consumer set', (path) => {
      for (const device of DEVICES) expect(resolveRouteSet(path, device)).toBe('consumer');
    });
  });
});

describe('resolveScreen', () => {
  describe('landing set (spec §2.1)', () => {
    it.each([
      '/',
      '',
      '/feed',
      '/city/il/chicago',
      '/biz',
      '/biz/dashboard',
      '/scholarship',
      '/trytibbs',
      '/anything/at/all',
    ])('pins %j to the landing screen', (path) => {
      expect(resolveScreen('landing', path)).toEqual({
        set: 'landing',
        id: 'landing',
        params: {},
        layout: 'consumer',
      });
    });
  });

  describe('business set (spec §2.2)', () => {
    it.each<[string, Omit<Screen, 'set' | 'params'>]>([
      ['/biz', { id: 'biz-landing', layout: 'business-shared' }],
      ['/claim-business', { id: 'biz-claim', layout: 'business-shared' }],
      ['/biz/claim-business', { id: 'biz-claim', layout: 'business-shared' }],
      ['/claim-business/complete', { id: 'biz-claim-complete', layout: 'business-shared' }],
      ['/biz/sign-in', { id: 'biz-sign-in', layout: 'business-sign-in' }],
      [
        '/biz/dashboard',
        { id: 'biz-dashboard', layout: 'business-bare', dashboardTab: 'overview' },
      ],
      [
        '/biz/dashboard/overview',
        { id: 'biz-dashboard', layout: 'business-bare', dashboardTab: 'overview' },
      ],
      [
        '/biz/dashboard/info',
        { id: 'biz-dashboard', layout: 'business-bare', dashboardTab: 'info' },
      ],
      [
        '/biz/dashboard/growth',
        { id: 'biz-dashboard', layout: 'business-bare', dashboardTab: 'growth' },
      ],
      ['/verify-business', { id: 'verify-business', layout: 'business-bare' }],
      ['/verify-business/checkout', { id: 'verify-business-checkout', layout: 'business-bare' }],
    ])('shows %j as its business screen', (path, expected) => {
      expect(resolveScreen('business', path)).toEqual({ set: 'business', params: {}, ...expected });
    });

    it('covers every business path', () => {
      for (const path of BUSINESS_PATHS) {
        const screen = resolveScreen('business', path);
        expect(screen.set).toBe('business');
        expect(screen.id.startsWith('biz-') || screen.id.startsWith('verify-business')).toBe(true);
      }
    });

    it('gives only the dashboard a tab', () => {
      for (const path of BUSINESS_PATHS) {
        const screen = resolveScreen('business', path);
        expect('dashboardTab' in screen).toBe(screen.id === 'biz-dashboard');
      }
    });

    it('normalises before matching', () => {
      expect(resolveScreen('business', '//biz//sign-in/?next=x#y')).toMatchObject({
        id: 'biz-sign-in',
      });
      expect(resolveScreen('business', '/biz/dashboard/info/')).toMatchObject({
        id: 'biz-dashboard',
        dashboardTab: 'info',
      });
    });

    it.each([
      '/',
      '',
      '/bizarre',
      '/users/bizzy',
      '/BIZ',
      '/Biz/Sign-In',
      '/biz/dashboard/settings',
      '/biz/dashboard/info/extra',
      '/biz/claim',
      '/biz%2Fsign-in',
      '/feed',
      '/city/il/chicago',
      '/scholarship',
    ])('shows any other path (%j) as the business landing, without the shared chrome', (path) => {
      expect(resolveScreen('business', path)).toEqual({
        set: 'business',
        id: 'biz-landing',
        params: {},
        layout: 'business-bare',
        unknownPath: true,
      });
    });
  });

  describe('campaign set (spec §2.3)', () => {
    it.each<[string, Screen['layout']]>([
      ['scholarship', 'campaign-shared'],
      ['kygo-sweepstakes', 'campaign-shared'],
      ['kygo-sweepstakes-rules', 'campaign-shared'],
      ['creators', 'campaign-shared'],
      ['communityround', 'campaign-compact'],
      ['trytibbs', 'none'],
    ])('shows /%s with layout %s', (path, layout) => {
      expect(resolveScreen('campaign', `/${path}`)).toEqual({
        set: 'campaign',
        id: path,
        params: {},
        layout,
      });
    });

    it('falls back to the consumer table for other paths', () => {
      expect(resolveScreen('campaign', '/city/il/chicago')).toEqual({
        set: 'campaign',
        id: 'city',
        params: { stateSlug: 'il', citySlug: 'chicago' },
        layout: 'consumer',
      });
      expect(resolveScreen('campaign', '/feed')).toMatchObject({ id: 'feed', layout: 'consumer' });
      expect(resolveScreen('campaign', '/')).toEqual({
        set: 'campaign',
        id: 'landing',
        params: {},
        layout: 'consumer',
      });
      expect(resolveScreen('campaign', '/no-such-page')).toMatchObject({ unknownPath: true });
      expect(resolveScreen('campaign', '/Scholarship')).toMatchObject({ id: 'landing' });
      expect(resolveScreen('campaign', '/biz')).toMatchObject({ id: 'landing' });
    });
  });

  describe('consumer set (spec §2.4)', () => {
    it.each<[string, Screen['id'], Record<string, string>]>([
      ['/locations/the-golden-fig-12', 'location', { locationIdentifier: 'the-golden-fig-12' }],
      [
        '/location/chicago/the-golden-fig-12',
        'location',
        { citySlug: 'chicago', locationIdentifier: 'the-golden-fig-12' },
      ],
      [
        '/listing/448782/il/chicago/the-golden-fig-12',
        'review',
        {
          reviewId: '448782',
          stateSlug: 'il',
          citySlug: 'chicago',
          locationIdentifier: 'the-golden-fig-12',
        },
      ],
      ['/reviews/448782', 'review', { reviewId: '448782' }],
      ['/users/maya.eats', 'user', { userSlug: 'maya.eats' }],
      ['/city/il/chicago', 'city', { stateSlug: 'il', citySlug: 'chicago' }],
      ['/collections/7', 'collection', { collectionId: '7' }],
      [
        '/users/maya.eats/collections/31',
        'user-collection',
        { userIdentifier: 'maya.eats', userCollectionId: '31' },
      ],
      ['/feed', 'feed', {}],
    ])('shows %j as %s', (path, id, params) => {
      expect(resolveScreen('consumer', path)).toEqual({
        set: 'consumer',
        id,
        params,
        layout: 'consumer',
      });
    });

    it('decodes URL-encoded params', () => {
      expect(resolveScreen('consumer', '/users/%40maya%20eats').params).toEqual({
        userSlug: '@maya eats',
      });
      expect(resolveScreen('consumer', '/city/il/s%C3%A3o-paulo').params).toEqual({
        stateSlug: 'il',
        citySlug: 'são-paulo',
      });
      expect(resolveScreen('consumer', '/users/a%2Fb').params).toEqual({ userSlug: 'a/b' });
      expect(resolveScreen('consumer', '/users/a%3Fb%23c').params).toEqual({ userSlug: 'a?b#c' });
    });

    it('decodes a param only once', () => {
      expect(resolveScreen('consumer', '/users/100%2525').params).toEqual({ userSlug: '100%25' });
    });

    it('keeps a malformed escape in a param as typed', () => {
      expect(resolveScreen('consumer', '/users/100%').params).toEqual({ userSlug: '100%' });
      expect(resolveScreen('consumer', '/reviews/%E0%A4%A').params).toEqual({
        reviewId: '%E0%A4%A',
      });
    });

    it('ignores query, hash, trailing and repeated slashes', () => {
      const expected = { id: 'city', params: { stateSlug: 'il', citySlug: 'chicago' } };
      expect(resolveScreen('consumer', '/city/il/chicago/')).toMatchObject(expected);
      expect(resolveScreen('consumer', '//city//il///chicago')).toMatchObject(expected);
      expect(resolveScreen('consumer', 'city/il/chicago?tab=food#top')).toMatchObject(expected);
    });

    it.each([
      '/locations',
      '/locations/a/b',
      '/location/chicago',
      '/location/chicago/x/y',
      '/listing/1/il/chicago',
      '/listing/1/il/chicago/x/y',
      '/reviews',
      '/reviews/1/2',
      '/users',
      '/users/a/b',
      '/users/a/collections',
      '/users/a/collections/1/2',
      '/users/a/lists/1',
      '/city/il',
      '/city/il/chicago/x',
      '/collections',
      '/collections/1/2',
      '/feed/x',
    ])('shows %j (wrong number of segments or words) as the landing page', (path) => {
      expect(resolveScreen('consumer', path)).toMatchObject({ id: 'landing', params: {} });
    });

    it.each(['/Feed', '/FEED', '/Users/maya', '/CITY/il/chicago', '/reviewz/1'])(
      'matches fixed words case-sensitively: %j is the landing page',
      (path) => {
        expect(resolveScreen('consumer', path).id).toBe('landing');
      },
    );

    it.each(['/', ''])('shows the home page %j as the landing page', (path) => {
      expect(resolveScreen('consumer', path)).toEqual({
        set: 'consumer',
        id: 'landing',
        params: {},
        layout: 'consumer',
      });
    });

    it.each(['/unknown', ...[...BUSINESS_PATHS, ...CAMPAIGN_PATHS].map((p) => `/${p}`)])(
      'shows any other path (%j) as the landing page, marked as an unknown path (a 404)',
      (path) => {
        expect(resolveScreen('consumer', path)).toEqual({
          set: 'consumer',
          id: 'landing',
          params: {},
          layout: 'consumer',
          unknownPath: true,
        });
      },
    );
  });

  it('always reports the set it was given', () => {
    for (const set of SETS) {
      for (const path of ['/', '/feed', '/biz', '/scholarship', '/nope']) {
        expect(resolveScreen(set, path).set).toBe(set);
      }
    }
  });
});

describe('client navigation keeps the first load set', () => {
  const journeys: [string, DeviceClass, RouteSet, [string, Screen['id']][]][] = [
    [
      '/',
      'desktop',
      'landing',
      [
        ['/feed', 'landing'],
        ['/biz', 'landing'],
        ['/scholarship', 'landing'],
      ],
    ],
    [
      '/biz',
      'mobile',
      'business',
      [
        ['/biz/sign-in', 'biz-sign-in'],
        ['/biz/dashboard/growth', 'biz-dashboard'],
        ['/feed', 'biz-landing'],
        ['/', 'biz-landing'],
        ['/scholarship', 'biz-landing'],
      ],
    ],
    [
      '/users/bizzy',
      'desktop',
      'business',
      [
        ['/users/bizzy', 'biz-landing'],
        ['/claim-business', 'biz-claim'],
      ],
    ],
    [
      '/scholarship',
      'tablet',
      'campaign',
      [
        ['/creators', 'creators'],
        ['/city/il/chicago', 'city'],
        ['/', 'landing'],
        ['/biz', 'landing'],
      ],
    ],
    [
      '/',
      'mobile',
      'consumer',
      [
        ['/feed', 'feed'],
        ['/reviews/1', 'review'],
        ['/biz', 'landing'],
        ['/scholarship', 'landing'],
      ],
    ],
    [
      '/feed',
      'desktop',
      'consumer',
      [
        ['/', 'landing'],
        ['/city/il/chicago', 'city'],
      ],
    ],
  ];

  it.each(journeys)('first %j on %s → %s, later paths stay in it', (first, device, set, later) => {
    const pinned = resolveRouteSet(first, device);
    expect(pinned).toBe(set);
    for (const [path, id] of later) {
      const screen = resolveScreen(pinned, path);
      expect(screen.set).toBe(set);
      expect(screen.id).toBe(id);
    }
  });

  it('shows the first path itself on a screen of its set', () => {
    const firstPaths = ['/', '/feed', '/biz', '/bizarre', '/claim-business', ...CAMPAIGN_PATHS];
    for (const first of firstPaths) {
      for (const device of DEVICES) {
        const set = resolveRouteSet(first, device);
        expect(resolveScreen(set, first).set).toBe(set);
      }
    }
    for (const path of CAMPAIGN_PATHS) {
      expect(resolveScreen(resolveRouteSet(path, 'mobile'), path).id).toBe(path);
    }
  });
});

describe('needsFullLoad', () => {
  it('is a full load exactly when the link would show another screen than a first load', () => {
    expect(needsFullLoad('consumer', '/biz', 'mobile')).toBe(true);
    expect(needsFullLoad('consumer', '/creators', 'desktop')).toBe(true);
    expect(needsFullLoad('consumer', '/city/il/chicago', 'mobile')).toBe(false);
    expect(needsFullLoad('business', '/biz/dashboard', 'desktop')).toBe(false);
    expect(needsFullLoad('business', '/users/forkfulleo', 'desktop')).toBe(true);
    expect(needsFullLoad('campaign', '/reviews/1', 'mobile')).toBe(false);
    expect(needsFullLoad('landing', '/reviews/1', 'desktop')).toBe(true);
    expect(needsFullLoad('landing', '/', 'desktop')).toBe(false);
  });
});

describe('the results page (issue 18, ADR 036)', () => {
  it('is asked by a q, even empty, or a category or cuisine filter', () => {
    expect(asksForResults('/?q=sushi')).toBe(true);
    expect(asksForResults('/?q=')).toBe(true);
    expect(asksForResults('/city/il/chicago?cuisine=mexican')).toBe(true);
    expect(asksForResults('/?category=nightlife#top')).toBe(true);
    expect(asksForResults('/?category=&cuisine=')).toBe(false);
    expect(asksForResults('/?utm_source=mail')).toBe(false);
    expect(asksForResults('/')).toBe(false);
  });

  it('shows on the landing route and on a city route, in every set that shows them', () => {
    for (const set of ['consumer', 'campaign', 'landing'] as const) {
      expect(resolveScreen(set, '/?q=sushi')).toEqual({
        set,
        id: 'search',
        params: {},
        layout: 'consumer',
      });
    }
    for (const set of ['consumer', 'campaign'] as const) {
      expect(resolveScreen(set, '/city/fl/miami?q=sushi')).toEqual({
        set,
        id: 'search',
        params: { stateSlug: 'fl', citySlug: 'miami' },
        layout: 'consumer',
      });
    }
    // spec §2.1: the desktop landing set shows the landing page for every other path
    expect(resolveScreen('landing', '/city/fl/miami?q=sushi').id).toBe('landing');
    expect(resolveScreen('business', '/?q=sushi').id).toBe('biz-landing');
  });

  it('leaves the other screens and unknown paths as they are', () => {
    expect(resolveScreen('consumer', '/feed?q=sushi').id).toBe('feed');
    expect(resolveScreen('consumer', '/nowhere?q=sushi')).toMatchObject({
      id: 'landing',
      unknownPath: true,
    });
    expect(resolveScreen('consumer', '/city/fl/miami?utm_source=x').id).toBe('city');
  });

  it('opens in the set of the page, or as a new page from the desktop landing set', () => {
    expect(needsFullLoad('consumer', '/?q=sushi', 'mobile')).toBe(false);
    expect(needsFullLoad('consumer', '/city/fl/miami?cuisine=thai', 'mobile')).toBe(false);
    expect(needsFullLoad('landing', '/?category=nightlife', 'desktop')).toBe(false);
    expect(needsFullLoad('landing', '/city/fl/miami?cuisine=thai', 'desktop')).toBe(true);
    expect(needsFullLoad('business', '/?q=sushi', 'desktop')).toBe(true);
  });
});
