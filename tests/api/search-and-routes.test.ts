import { describe, expect, it } from 'vitest';
import { SearchResults } from '../../contract/search';
import { api } from './client';

type Summary = { clm_id: number; clm_name: string; clm_slug: string; city_slug: string };
type Results = {
  term: string;
  data: {
    locations?: Summary[];
    users?: { clm_username: string }[];
    cities?: { clm_city: string; clm_slug: string }[];
    reviews?: unknown[];
  };
};

async function aPlace(): Promise<Summary> {
  const { body } = await api<{ results: { video: { location: Summary } }[] }>(
    '/api/v4/global/watch?limit=1',
  );
  return body.results[0]!.video.location;
}

/** One page of a search's places (`query`: the rest of the query string), as ids, and its total. */
async function placesPage(query: string, offset: number, limit: number) {
  const { body } = await api<{
    data: { locations: { clm_id: number }[] };
    locations_total: number;
    understood: { category: unknown; cuisine: unknown };
  }>(`/api/v2/search/wonder-search?include=locations&${query}&offset=${offset}&limit=${limit}`);
  return {
    ids: body.data.locations.map((l) => l.clm_id),
    total: body.locations_total,
    understood: body.understood,
  };
}

describe('GET /api/v2/search/wonder-search', () => {
  // Pages up to 200 deep are kept in order as places come; deeper ones are sorted once (ADR 042):
  // both must give the same places in the same order.
  it.each(['relevance', 'popularity', 'distance'])(
    'gives the same deep page whichever way it is kept (sort %s)',
    async (sort) => {
      const ids = (offset: number, limit: number) =>
        placesPage(`term=&category=dining&sort=${sort}&lat=40.7&lon=-74`, offset, limit);
      const kept = await ids(190, 10);
      const sorted = await ids(190, 20);
      expect(kept.total).toBeGreaterThan(200);
      expect(kept.ids).toHaveLength(10);
      expect(sorted.ids.slice(0, 10)).toEqual(kept.ids);
      expect(sorted.total).toBe(kept.total);
    },
  );

  // By relevance, text matches that cannot reach a page of `keep` are only counted (ADR 042,
  // 051): a page 200 deep is kept so, one 205 deep is not (every match sorted once), and a page of
  // 5 prunes far more than one of 50. Each pair must agree, for what matches hundreds of places
  // by text (a word begun, as typed; no category or cuisine understood).
  it.each(['co', 'ba', 'b', 'm', 'r'])(
    'gives the same page by relevance whether weak matches of %s are only counted or not',
    async (term) => {
      const page = async (offset: number, limit: number) => {
        const found = await placesPage(`term=${term}`, offset, limit);
        expect(found.understood.category).toBeNull();
        expect(found.understood.cuisine).toBeNull();
        return found;
      };
      const pruned = await page(195, 5);
      const sorted = await page(195, 10);
      expect(pruned.total).toBeGreaterThan(205);
      expect(pruned.ids).toHaveLength(5);
      expect(sorted.ids.slice(0, 5)).toEqual(pruned.ids);
      expect(sorted.total).toBe(pruned.total);
      const first = await page(0, 5);
      const fifty = await page(0, 50);
      expect(first.ids).toHaveLength(5);
      expect(fifty.ids.slice(0, 5)).toEqual(first.ids);
      expect(fifty.total).toBe(first.total);
    },
  );

  // People are kept a page at a time too, and one that cannot reach the page even with a handle
  // begun is not read: a short page is the start of the whole list (fewer than 50, so a page of
  // 50 is never full and nobody is skipped).
  it.each(['ta', 'sa', 'da', 'bi', 'lo'])(
    'gives the first people of a longer list as a short one, for %s',
    async (term) => {
      const people = async (limit: number) => {
        const { body } = await api<{ data: { users: { clm_id: number }[] } }>(
          `/api/v2/search/wonder-search?include=users&term=${term}&limit=${limit}`,
        );
        return body.data.users.map((u) => u.clm_id);
      };
      const long = await people(50);
      expect(long.length).toBeGreaterThan(5);
      expect(long.length).toBeLessThan(50);
      expect(await people(5)).toEqual(long.slice(0, 5));
      expect(await people(2)).toEqual(long.slice(0, 2));
    },
  );

  // The index's answers are sent without the per-request response check (their parts were
  // checked when the index read them): they must still be exactly what the contract says.
  it.each([
    'search_type=global&term=pizza',
    'term=sushi%20miami&limit=12',
    'term=%40rooftop',
    'term=chicago',
    'term=tacos&sort=distance&lat=41.88&lon=-87.63&price=1,2',
    'term=&category=nightlife&open_now=1&limit=3&offset=2',
  ])('answers %s exactly as the contract declares, with nothing more', async (query) => {
    const { status, body } = await api<unknown>(`/api/v2/search/wonder-search?${query}`);
    expect(status).toBe(200);
    expect(SearchResults.strict().parse(body)).toEqual(body);
  });

  it('finds a place by its full name and groups results by type', async () => {
    const place = await aPlace();
    const { status, body } = await api<Results>(
      `/api/v2/search/wonder-search?search_type=global&term=${encodeURIComponent(place.clm_name)}`,
    );
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['cities', 'locations', 'reviews', 'users']);
    expect(body.data.locations![0]!.clm_id).toBe(place.clm_id);
  });

  it('finds by prefix', async () => {
    const { body } = await api<Results>('/api/v2/search/wonder-search?term=Chica&include=cities');
    expect(body.data.cities!.map((c) => c.clm_city)).toContain('Chicago');
  });

  it('tolerates a typo', async () => {
    const { body } = await api<Results>('/api/v2/search/wonder-search?term=Chicaga&include=cities');
    expect(body.data.cities!.map((c) => c.clm_city)).toContain('Chicago');
    const place = await aPlace();
    const word = place.clm_name.split(/\s+/).sort((a, b) => b.length - a.length)[0]!;
    const typo = word.slice(0, -1) + (word.endsWith('x') ? 'y' : 'x');
    const found = await api<Results>(
      `/api/v2/search/wonder-search?term=${encodeURIComponent(typo)}&include=locations&limit=50`,
    );
    expect(found.body.data.locations!.length).toBeGreaterThan(0);
  });

  it('finds a creator by a handle with a typo, not when the words spell places', async () => {
    const people = async (term: string) =>
      (
        await api<Results>(
          `/api/v2/search/wonder-search?term=${encodeURIComponent(term)}&include=users&limit=5`,
        )
      ).body.data.users!.map((u) => u.clm_username);
    // one letter too many, and two swapped
    expect(await people('bitesizedavva')).toContain('bitesizedava');
    expect(await people('@sidequsetkai')).toContain('sidequestkai');
  });

  it('finds places by a cuisine they serve', async () => {
    const { body } = await api<Results>(
      '/api/v2/search/wonder-search?term=pizza&include=locations',
    );
    expect(body.data.locations!.length).toBeGreaterThan(0);
  });

  it('honours include and limit', async () => {
    const { body } = await api<Results>(
      '/api/v2/search/wonder-search?term=a&include=users,locations&limit=3',
    );
    expect(Object.keys(body.data).sort()).toEqual(['locations', 'users']);
    expect(body.data.users!.length).toBeLessThanOrEqual(3);
    expect(body.data.locations!.length).toBe(3);
  });

  it('answers an empty result for nonsense, and treats % and _ as letters', async () => {
    const { status, body } = await api<Results>('/api/v2/search/wonder-search?term=qqzzxxjj');
    expect(status).toBe(200);
    expect(Object.values(body.data).every((list) => list!.length === 0)).toBe(true);
    const wildcard = await api<Results>(
      '/api/v2/search/wonder-search?term=%25%25&include=locations',
    );
    expect(wildcard.body.data.locations).toEqual([]);
  });

  it.each([
    ['', 'term'],
    ['term=', 'term'],
    ['term=pizza&include=songs', 'include'],
    ['term=pizza&limit=0', 'limit'],
    ['term=pizza&limit=500', 'limit'],
    ['term=pizza&search_type=local', 'search_type'],
    [`term=${'a'.repeat(101)}`, 'term'],
  ])('refuses "%s"', async (query, mentions) => {
    const { status, body } = await api(`/api/v2/search/wonder-search?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining(mentions),
    });
  });
});

describe('GET /api/v2/routes/{slug}', () => {
  it('resolves a city by {citySlug}-{stateSlug} and by state/city', async () => {
    const one = await api<{
      targetType: string;
      targetId: number;
      target: { clm_city: string; state_slug: string; city_slug: string };
    }>('/api/v2/routes/chicago-il?target_type=city');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ targetType: 'city', target: { clm_city: 'Chicago' } });
    const two = await api<{ targetId: number }>('/api/v2/routes/il%2Fchicago?target_type=city');
    expect(two.body.targetId).toBe(one.body.targetId);
  });

  it('resolves a user by username or vanity url, any case, with or without @', async () => {
    const { body: watch } = await api<{
      results: {
        video: { author: { clm_id: number; clm_username: string; vanity_url: string } };
      }[];
    }>('/api/v4/global/watch?limit=1');
    const author = watch.results[0]!.video.author;
    for (const slug of [
      author.clm_username,
      author.vanity_url.toUpperCase(),
      `@${author.clm_username}`,
    ]) {
      const { status, body } = await api<{ targetId: number; target: { user_name: string } }>(
        `/api/v2/routes/${encodeURIComponent(slug)}?target_type=user`,
      );
      expect(status, slug).toBe(200);
      expect(body.targetId).toBe(author.clm_id);
    }
  });

  it('resolves a location identifier ending in the id, even after a rename', async () => {
    const place = await aPlace();
    const exact = await api<{ targetId: number; target: { clm_name: string } }>(
      `/api/v2/routes/${place.clm_slug}?target_type=location`,
    );
    expect(exact.status).toBe(200);
    expect(exact.body.targetId).toBe(place.clm_id);
    const renamed = await api<{ targetId: number }>(
      `/api/v2/routes/old-name-${place.clm_id}?target_type=location`,
    );
    expect(renamed.body.targetId).toBe(place.clm_id);
  });

  it('answers 404 for slugs that name nothing', async () => {
    expect((await api('/api/v2/routes/atlantis-zz?target_type=city')).status).toBe(404);
    expect((await api('/api/v2/routes/nobody-here-at-all?target_type=user')).status).toBe(404);
    expect((await api('/api/v2/routes/no-id-at-the-end?target_type=location')).status).toBe(404);
    expect((await api('/api/v2/routes/gone-987654321?target_type=location')).status).toBe(404);
  });

  it('answers 400 for an unknown or missing target_type and for a malformed slug', async () => {
    const unknown = await api('/api/v2/routes/chicago-il?target_type=planet');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining('target_type'),
    });
    expect((await api('/api/v2/routes/chicago-il')).status).toBe(400);
    expect((await api('/api/v2/routes/%3Cscript%3E?target_type=city')).status).toBe(400);
  });
});
