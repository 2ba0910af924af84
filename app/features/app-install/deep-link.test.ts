import { describe, expect, it } from 'vitest';
import { UTM_TO_APP_LINK, buildAppDeepLink, type DeepLinkInput } from './deep-link';

const BASE = 'https://spotreel.app.link/open';
const PAGE = 'https://spotreel.example/city/il/chicago';

const link = (overrides: Partial<DeepLinkInput> = {}) =>
  buildAppDeepLink({ base: BASE, search: '', distinctId: null, pageUrl: PAGE, ...overrides });

/** The query of a built link as [key, value] pairs, decoded. */
const pairs = (url: string) => [...new URL(url).searchParams.entries()];

describe('UTM_TO_APP_LINK (spec §2.5)', () => {
  it('maps the four campaign parameters to app-link parameters', () => {
    expect(UTM_TO_APP_LINK).toEqual({
      utm_source: '~channel',
      utm_medium: '~feature',
      utm_campaign: '~campaign',
      utm_content: '~tags',
    });
  });
});

describe('buildAppDeepLink (spec §2.5)', () => {
  it.each(Object.entries(UTM_TO_APP_LINK))('maps %s to %s', (utm, appKey) => {
    const url = link({ search: `?${utm}=summer` });
    expect(url).toBe(`${BASE}?${appKey}=summer&$canonical_url=${encodeURIComponent(PAGE)}`);
  });

  it('maps all four in a fixed order, plus the distinct id and the page address', () => {
    const url = link({
      search: '?utm_content=reel&utm_campaign=launch&utm_medium=social&utm_source=tiktok',
      distinctId: 'd-123',
    });
    expect(url).toBe(
      `${BASE}?~channel=tiktok&~feature=social&~campaign=launch&~tags=reel` +
        `&distinct_id=d-123&$canonical_url=${encodeURIComponent(PAGE)}`,
    );
  });

  it('reads URLSearchParams as well as a query string', () => {
    const search = new URLSearchParams({ utm_source: 'ig', utm_medium: 'story' });
    expect(link({ search })).toBe(link({ search: 'utm_source=ig&utm_medium=story' }));
    expect(link({ search })).toBe(link({ search: '?utm_source=ig&utm_medium=story' }));
  });

  it('adds only the page address when there are no campaign parameters or distinct id', () => {
    expect(link()).toBe(`${BASE}?$canonical_url=${encodeURIComponent(PAGE)}`);
    expect(pairs(link())).toEqual([['$canonical_url', PAGE]]);
  });

  it('skips empty campaign parameters', () => {
    const url = link({ search: '?utm_source=&utm_medium=%20&utm_campaign=fall&utm_content' });
    expect(pairs(url)).toEqual([
      ['~campaign', 'fall'],
      ['$canonical_url', PAGE],
    ]);
  });

  it('does not copy the other page parameters', () => {
    const url = link({ search: '?ref=abc&utm_source=x&utm_term=y&fbclid=z&~channel=evil' });
    expect(pairs(url)).toEqual([
      ['~channel', 'x'],
      ['$canonical_url', PAGE],
    ]);
  });

  it('takes the first of a repeated campaign parameter', () => {
    expect(pairs(link({ search: '?utm_source=a&utm_source=b' }))[0]).toEqual(['~channel', 'a']);
  });

  it('omits the distinct id when there is none', () => {
    expect(link({ distinctId: null })).not.toContain('distinct_id');
    expect(link({ distinctId: '' })).not.toContain('distinct_id');
  });

  it('omits the page address when it is unknown', () => {
    expect(link({ pageUrl: '' })).toBe(BASE);
  });

  it('encodes values', () => {
    const url = link({
      search: '?utm_source=fish%20%26%20chips&utm_campaign=caf%C3%A9%2B50%25',
      distinctId: 'a b/c?d=e&f',
      pageUrl: 'https://spotreel.example/users/maya?tab=reels&x=1#top',
    });
    expect(url).toBe(
      `${BASE}?~channel=fish%20%26%20chips&~campaign=caf%C3%A9%2B50%25` +
        '&distinct_id=a%20b%2Fc%3Fd%3De%26f' +
        '&$canonical_url=https%3A%2F%2Fspotreel.example%2Fusers%2Fmaya%3Ftab%3Dreels%26x%3D1%23top',
    );
    expect(pairs(url)).toEqual([
      ['~channel', 'fish & chips'],
      ['~campaign', 'café+50%'],
      ['distinct_id', 'a b/c?d=e&f'],
      ['$canonical_url', 'https://spotreel.example/users/maya?tab=reels&x=1#top'],
    ]);
  });

  it('reads a + in the page query as a space, as browsers do', () => {
    expect(pairs(link({ search: '?utm_campaign=spring+sale' }))[0]).toEqual([
      '~campaign',
      'spring sale',
    ]);
  });

  it('does not throw on a lone surrogate', () => {
    expect(pairs(link({ distinctId: 'a\uD800b' }))[0]).toEqual(['distinct_id', 'a\uFFFDb']);
  });

  describe('a base with its own query', () => {
    it('keeps the base query as written and appends after it', () => {
      const url = link({
        base: `${BASE}?%24deeplink_path=feed&flag`,
        search: '?utm_source=tiktok',
      });
      expect(url).toBe(
        `${BASE}?%24deeplink_path=feed&flag&~channel=tiktok&$canonical_url=${encodeURIComponent(PAGE)}`,
      );
    });

    it('replaces base parameters that the link sets itself', () => {
      const url = link({
        base: `${BASE}?~channel=web&keep=1&%7Efeature=x&$canonical_url=old`,
        search: '?utm_source=tiktok',
      });
      expect(pairs(url)).toEqual([
        ['keep', '1'],
        ['~feature', 'x'],
        ['~channel', 'tiktok'],
        ['$canonical_url', PAGE],
      ]);
    });

    it('keeps a base parameter the page does not set', () => {
      const url = link({ base: `${BASE}?~channel=web` });
      expect(pairs(url)).toEqual([
        ['~channel', 'web'],
        ['$canonical_url', PAGE],
      ]);
    });

    it('handles a base ending in ? or &', () => {
      const expected = `${BASE}?~channel=x&$canonical_url=${encodeURIComponent(PAGE)}`;
      expect(link({ base: `${BASE}?`, search: 'utm_source=x' })).toBe(expected);
      expect(link({ base: `${BASE}?a=1&`, search: 'utm_source=x' })).toBe(
        `${BASE}?a=1&~channel=x&$canonical_url=${encodeURIComponent(PAGE)}`,
      );
    });

    it('puts the query before a hash in the base', () => {
      expect(link({ base: `${BASE}?a=1#frag`, pageUrl: 'p' })).toBe(
        `${BASE}?a=1&$canonical_url=p#frag`,
      );
      expect(link({ base: `${BASE}#frag`, pageUrl: 'p' })).toBe(`${BASE}?$canonical_url=p#frag`);
    });
  });
});
