import { describe, expect, it } from 'vitest';
import {
  BUSINESS_PATHS,
  CAMPAIGN_PATHS,
  needsFullLoad,
  normalizePath,
  resolveRouteSet,
  showsBusinessLanding,
  type DeviceClass,
  type RouteSet,
} from './route-sets';

const DEVICES: DeviceClass[] = ['mobile', 'tablet', 'desktop'];
const SETS: RouteSet[] = ['landing', 'business', 'campaign', 'consumer'];

describe('path lists', () => {
  it('counts eight business screens when the four dashboard paths count as one (spec §2.2)', () => {
    const distinct = new Set(
      BUSINESS_PATHS.map((path) => path.replace(/^biz\/dashboard(\/.*)?$/, 'biz/dashboard')),
    );
    expect(distinct.size).toBe(8);
    expect(BUSINESS_PATHS).toHaveLength(11);
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
});

describe('normalizePath', () => {
  it.each([
    ['', ''],
    ['/', ''],
    ['///', ''],
    ['/biz/', 'biz'],
    ['//biz//sign-in//', 'biz/sign-in'],
    ['/feed?next=/biz/sign-in', 'feed'],
    ['/#biz', ''],
    ['/%62iz', 'biz'],
    ['/users/a%2Fb', 'users/a%2Fb'],
    ['/users/100%2525', 'users/100%25'],
    ['/users/100%', 'users/100%'],
  ])('%j → %j', (input, output) => {
    expect(normalizePath(input)).toBe(output);
  });
});

describe('resolveRouteSet (spec §2.1–2.3)', () => {
  it.each(['/', '', '//', '/?utm_source=tiktok', '/#top', '/?q=pizza'])(
    'gives a desktop the landing set at the root %j',
    (path) => expect(resolveRouteSet(path, 'desktop')).toBe('landing'),
  );

  it('gives phones and tablets, and a desktop with the device flag on, the consumer set', () => {
    expect(resolveRouteSet('/', 'mobile')).toBe('consumer');
    expect(resolveRouteSet('/', 'tablet')).toBe('consumer');
    expect(resolveRouteSet('/', 'desktop', true)).toBe('consumer');
  });

  it.each(
    [
      ...BUSINESS_PATHS.map((p) => `/${p}`),
      '/bizarre',
      '/users/bizzy',
      '/BIZ',
      '/showbiz',
      '/%62iz',
    ].flatMap((path) => DEVICES.map((device) => [path, device] as const)),
  )('%s on %s is the business set', (path, device) => {
    expect(resolveRouteSet(path, device)).toBe('business');
  });

  it('looks for biz in the path only', () => {
    expect(resolveRouteSet('/feed?next=/biz', 'mobile')).toBe('consumer');
    expect(resolveRouteSet('/feed#biz', 'mobile')).toBe('consumer');
  });

  it.each(CAMPAIGN_PATHS.map((p) => `/${p}`))('%s is the campaign set', (path) => {
    for (const device of DEVICES) expect(resolveRouteSet(path, device)).toBe('campaign');
  });

  it.each(['/Scholarship', '/creators/apply', '/feed', '/city/il/chicago', '/no-such-page'])(
    '%s is the consumer set',
    (path) => expect(resolveRouteSet(path, 'desktop')).toBe('consumer'),
  );
});

describe('showsBusinessLanding (spec §2.2 "any other path")', () => {
  it.each([
    '/bizarre',
    '/users/bizzy',
    '/BIZ',
    '/Biz/Sign-In',
    '/biz/claim',
    '/biz%2Fsign-in',
    '/feed',
  ])('shows the business landing at %s in the business set', (path) =>
    expect(showsBusinessLanding('business', path)).toBe(true),
  );

  it('shows each business path itself, and nothing else in the other sets', () => {
    for (const path of BUSINESS_PATHS)
      expect(showsBusinessLanding('business', `/${path}/`)).toBe(false);
    for (const set of SETS.filter((s) => s !== 'business'))
      expect(showsBusinessLanding(set, '/users/bizzy')).toBe(false);
  });
});

describe('needsFullLoad: a link loads a new page when its first load would pick another set', () => {
  it.each<[RouteSet, string, boolean]>([
    ['consumer', '/city/il/chicago', false],
    ['consumer', '/biz', true],
    ['consumer', '/users/bizzy', true],
    ['consumer', '/creators', true],
    ['consumer', '/', false], // the landing page either way
    ['consumer', '/?q=pizza', false],
    ['landing', '/city/il/chicago', true],
    ['landing', '/feed', true],
    ['landing', '/?q=pizza', false],
    ['landing', '/biz', true],
    ['business', '/biz/dashboard', false],
    ['business', '/biz/other', false],
    ['business', '/', true],
    ['business', '/feed', true],
    ['campaign', '/feed', false], // a campaign visitor browses the consumer app
    ['campaign', '/', false],
    ['campaign', '/scholarship', false],
    ['campaign', '/biz', true],
  ])('from the %s set, %s: %s', (set, path, full) => {
    expect(needsFullLoad(set, path, 'desktop')).toBe(full);
  });

  it('keeps the root on the client for phones, whose root is the consumer set', () => {
    expect(needsFullLoad('consumer', '/', 'mobile')).toBe(false);
    expect(needsFullLoad('business', '/', 'mobile')).toBe(true);
  });
});
