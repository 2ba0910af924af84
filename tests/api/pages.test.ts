import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '../../contract/locations';
import { api, baseUrl } from './client';
import { sessionOf } from './sign-in';

/**
 * Server-rendered pages through the real host: the page cache (server/page-cache.ts) serves an
 * anonymous page rendered once, the same bytes for every visitor with the same flags (no nonce,
 * no distinct id: docs/decisions/070-pages-a-shared-cache-can-hold.md), and never serves a
 * signed-in visitor or a stale page after a write.
 */
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(baseUrl() + path, {
    headers: { 'user-agent': DESKTOP, accept: 'text/html', ...headers },
  });
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    csp: response.headers.get('content-security-policy') ?? '',
    cacheControl: response.headers.get('cache-control'),
    html: await response.text(),
  };
}

/** The page's own spec §3 page flag data. */
const pageFlags = (html: string) =>
  JSON.parse(
    /<script id="page-flags" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!,
  ) as { flags: Record<string, unknown> };

/** The CSP source of each inline script a browser would run (data blocks are not), as it hashes them. */
const inlineScriptSources = (html: string) =>
  [
    ...html.matchAll(
      /<script(?![^>]*\ssrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([^]*?)<\/script>/g,
    ),
  ].map((match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);

/** What the page shows: its markup without its scripts (the loader data names the description too). */
const shown = (html: string) => html.replace(/<script[^>]*>[^]*?<\/script>/g, '');

let placePath: string;
let placeId: number;

beforeAll(async () => {
  const mine = await api<{ business_dashboard_locations: { clm_id: number }[] }>(
    '/api/user/3/business-dashboard-locations',
    { headers: { 'auth-token': await sessionOf('Jonah Novak') } },
  );
  placeId = mine.body.business_dashboard_locations[1]!.clm_id;
  const place = await api<Location>(`/api/v2/locations/${placeId}`);
  placePath = `/location/${place.body.city_slug}/${place.body.clm_slug}`;
});

describe('the page cache', () => {
  it('renders an anonymous page once: the same bytes for every visitor with the same flags', async () => {
    const path = `/city/il/chicago?cache-check=${Date.now()}`;
    const visitor = 'visitor-aaaa-0001';
    const first = await page(path, { cookie: `distinct_id=${visitor}` });
    expect(first.status).toBe(200);
    expect(first.cache).toBe('miss');
    // Flag values are part of the key (tests/api/flags.json rolls flags out to part of the
    // visitors): a visitor with the first one's values is served its page, one with other
    // values gets a page of their own.
    const flagsOf = (html: string) => JSON.stringify(pageFlags(html).flags);
    let second: Awaited<ReturnType<typeof page>> | undefined;
    let other = '';
    let differentFlagsSeen = false;
    for (let n = 2; n <= 16 && !(second && differentFlagsSeen); n++) {
      const id = `visitor-bbbb-${String(n).padStart(4, '0')}`;
      const answer = await page(path, { cookie: `distinct_id=${id}` });
      if (flagsOf(answer.html) === flagsOf(first.html)) {
        if (!second) [second, other] = [answer, id];
      } else if (!differentFlagsSeen) {
        differentFlagsSeen = true;
        expect(answer.cache).toBe('miss');
      }
    }
    expect(differentFlagsSeen).toBe(true);
    expect(second?.cache).toBe('hit');
    if (!second) return;
    // the same bytes for both: nothing of one response or one visitor in them
    expect(second.html).toBe(first.html);
    expect(first.html).toContain('Chicago');
    expect(first.html).not.toContain(visitor);
    expect(second.html).not.toContain(other);
    // the render's mark on its own scripts is in the page, but in no policy: it grants nothing
    const mark = /<script nonce="([^"]+)"/.exec(first.html)?.[1];
    expect(mark).toBeTruthy();
    expect(first.csp).not.toContain(mark);
    expect(Object.keys(pageFlags(first.html))).toEqual(['flags']);
    // its inline scripts run by hash, named in the policy; no nonce, no unsafe-inline
    const scriptSrc = /script-src ([^;]*)/.exec(first.csp)![1]!.split(' ');
    const hashes = inlineScriptSources(first.html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(scriptSrc).toContain(hash);
    expect(first.csp).not.toContain('nonce-');
    expect(scriptSrc.join(' ')).not.toContain('unsafe');
    expect(second.csp).toBe(first.csp);
    // tests/api/flags.json rolls flags out to part of the visitors: no shared cache may keep it
    expect(first.cacheControl).toBe('private, no-cache');
  });

  it('renders for each visitor with a session, and keeps pages per device class', async () => {
    const path = `/city/il/chicago?session-check=${Date.now()}`;
    await page(path);
    const signedIn = await page(path, { 'auth-token': 'x', cookie: 'auth_token=not-a-session' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.cache).toBeNull();
    const phone = await page(path, {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148',
    });
    expect(phone.cache).toBe('miss');
  });

  it('never keeps a page rendered for a session, the Auth-Token header alone included', async () => {
    const token = await sessionOf('Jonah Novak');
    const path = `/biz/dashboard/overview?header-check=${Date.now()}`;
    const visitor = { cookie: 'distinct_id=visitor-dddd-0001' };
    const owner = await page(path, { ...visitor, 'auth-token': token });
    expect(owner.status).toBe(200);
    expect(owner.cache).toBeNull();
    expect(owner.html).toContain('Jonah');
    // the owner's page was not kept: a stranger gets the signed-out dashboard, never kept either
    // (it asks who is signed in, a read that is not the same for everyone)
    for (let i = 0; i < 2; i++) {
      const stranger = await page(path, visitor);
      expect(stranger.cache).toBe('miss');
      expect(stranger.html).not.toContain('Jonah');
    }
  });

  it('finds a city only where its two slugs say: the whole slug split elsewhere is no city', async () => {
    expect((await page('/city/ca/san-francisco')).status).toBe(200);
    // "san" + "francisco-ca" spells san-francisco-ca too
    expect((await page('/city/francisco-ca/san')).status).toBe(404);
  });

  it('does not keep a page that was not found', async () => {
    const path = '/location/chicago-il/no-such-place-987654321';
    expect((await page(path)).status).toBe(404);
    const again = await page(path);
    expect(again.status).toBe(404);
    expect(again.cache).toBe('miss');
  });

  it('forgets pages when an owner changes what they show', async () => {
    const visitor = { cookie: 'distinct_id=visitor-cccc-0001' };
    const before = await page(placePath, visitor);
    expect(before.status).toBe(200);
    expect((await page(placePath, visitor)).cache).toBe('hit');
    const description = `Fresh masa every morning (${Date.now()}).`;
    const saved = await api(`/api/biz/locations/${placeId}/info`, {
      method: 'PUT',
      headers: { 'auth-token': await sessionOf('Jonah Novak') },
      body: {
        website: 'tacos.example.com',
        description,
        hours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
          (day) => ({ day, open: '11:00', close: '22:00' }),
        ),
      },
    });
    expect(saved.status).toBe(200);
    const after = await page(placePath, visitor);
    expect(after.cache).toBe('miss');
    expect(shown(after.html)).toContain(description);
    // The owner's own render, with their session, shows it too.
    const owners = await page(placePath, { 'auth-token': await sessionOf('Jonah Novak') });
    expect(shown(owners.html)).toContain(description);
  });
});

describe("a place's owner", () => {
  it('is offered Manage, a link to its dashboard, where everyone else is offered a claim', async () => {
    const manage = `href="/biz/dashboard/overview?business=${placeId}"`;
    const owner = shown(
      (await page(placePath, { 'auth-token': await sessionOf('Jonah Novak') })).html,
    );
    expect(owner).toMatch(new RegExp(`<a[^>]*${manage.replace(/[?]/g, '\\?')}[^>]*>Manage</a>`));
    expect(owner).not.toContain('Claim this listing');
    const visitors: Record<string, string>[] = [
      {},
      { 'auth-token': await sessionOf('Andre Yilmaz') },
    ];
    for (const visitor of visitors) {
      const html = shown((await page(placePath, visitor)).html);
      expect(html).toContain('Claim this listing');
      expect(html).not.toContain(manage);
    }
  });
});

describe('an address of the business set that names a consumer page', () => {
  // spec §2.2: it shows the business landing, as a 404, whatever the hidden page's loader
  // would have answered (ADR 074): here a real place's id with a wrong slug, which the place
  // page would move to its own address with a 301.
  it("answers the landing, not the hidden place page's redirect", async () => {
    for (const path of [`/locations/biz-${placeId}`, `/location/bizville/biz-${placeId}`]) {
      const response = await fetch(baseUrl() + path, {
        headers: { 'user-agent': DESKTOP, accept: 'text/html' },
        redirect: 'manual',
      });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('location'), path).toBeNull();
      expect(await response.text(), path).toContain('data-screen="biz-landing"');
    }
  });
});

describe('what a page asks for first', () => {
  it('preloads its modules and its main image, the image at high priority', async () => {
    const { html } = await page(placePath);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchPriority="high"\/>/);
    expect(modulePreloads(head).length).toBeGreaterThan(2);
  });

  // ADR 081: the root declares every module `<Scripts>` preloads at low priority, first, so the
  // scripts do not take the stylesheets' and the main image's bandwidth; a module React Router
  // adds that the root does not know of would load at high priority again.
  it.each(['/', '/city/il/chicago', 'place'])(
    '%s: every module preload comes first at low priority',
    async (path) => {
      const { html } = await page(path === 'place' ? placePath : path);
      const preloads = modulePreloads(html.slice(0, html.indexOf('</head>')));
      const low = preloads.filter((link) => link.low);
      const framework = preloads.filter((link) => !link.low);
      expect(low.length).toBeGreaterThan(2);
      expect(framework.map((link) => link.href)).toEqual(low.map((link) => link.href));
      // the first link's fetch settles the module: the same credentials and integrity
      expect(framework.map((link) => link.fetch)).toEqual(low.map((link) => link.fetch));
      expect(Math.max(...low.map((link) => link.at))).toBeLessThan(
        Math.min(...framework.map((link) => link.at)),
      );
    },
  );
});

/** The `<link rel="modulepreload">`s of a head: where, which module, at low priority or not, its fetch settings. */
function modulePreloads(head: string) {
  return [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => ({
    at: match.index,
    href: /href="([^"]+)"/.exec(match[0])?.[1],
    low: match[0].includes('fetchPriority="low"'),
    fetch: [/crossOrigin="([^"]*)"/i, /integrity="([^"]*)"/].map((a) => a.exec(match[0])?.[1]),
  }));
}
