import { describe, expect, inject, it } from 'vitest';
import { RELATED_RADIUS_KM } from '../../db/derived';
import { distanceKm } from '../../db/seed/coherence';
import { api, NO_CACHE } from './client';

type Summary = {
  clm_id: number;
  clm_slug: string;
  clm_label: string;
  super_categories: string[];
  city_slug: string;
};
type Point = { clm_lat: number; clm_lon: number };
const toPoint = (p: Point) => ({ lat: p.clm_lat, lon: p.clm_lon });
type Page = {
  data: { clm_id: number }[];
  pagination_data: { has_more: string; page: number; number_of_pages: number; total: number };
};

async function someLocationId(): Promise<number> {
  const { body } = await api<{ results: { video: { location: { clm_id: number } } }[] }>(
    '/api/v4/global/watch?limit=1',
  );
  return body.results[0]!.video.location.clm_id;
}

describe('GET /api/v2/locations/{id}', () => {
  it('returns the spec §3 location fields', async () => {
    const id = await someLocationId();
    const { status, body } = await api<Record<string, unknown>>(`/api/v2/locations/${id}`);
    expect(status).toBe(200);
    for (const field of [
      'clm_id',
      'clm_label',
      'clm_name',
      'clm_address',
      'clm_city',
      'clm_state',
      'clm_zip',
      'clm_prompt',
      'super_categories',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(body.links).toHaveProperty('website');
    expect(body.tags).toMatchObject({
      categories: expect.any(Array),
      cuisines: expect.any(Array),
      food_and_drink: expect.any(Array),
    });
    expect((body.tags as { categories: { safe_name: string }[] }).categories[0]).toHaveProperty(
      'safe_name',
    );
    expect(body.city).toMatchObject({
      clm_city: expect.any(String),
      clm_state: expect.any(String),
      clm_country: 'US',
      clm_lat: expect.any(Number),
      clm_lon: expect.any(Number),
      clm_service_id: expect.any(String),
    });
    expect(body.clm_slug).toMatch(new RegExp(`-${id}$`));
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await api('/api/v2/locations/987654321');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'not_found',
      message: 'Location 987654321 was not found',
    });
    for (const bad of ['abc', '12abc', '0', '-5', '1.5', '9999999999999']) {
      const { status, body } = await api(`/api/v2/locations/${bad}`);
      expect(status, bad).toBe(400);
      expect(body).toMatchObject({ error: 'bad_request', message: expect.stringContaining('id') });
    }
  });
});

describe('GET /api/v3/locations/{id}/videos', () => {
  it('gives 15 on the first load, then pages of 20 with has_more as a string', async () => {
    const id = await someLocationId();
    const first = await api<Page>(`/api/v3/locations/${id}/videos?per_page=15`);
    expect(first.status).toBe(200);
    const total = first.body.pagination_data.total;
    expect(total).toBeGreaterThanOrEqual(8);
    expect(first.body.data).toHaveLength(Math.min(15, total));
    expect(first.body.pagination_data).toMatchObject({ page: 1, has_more: total > 15 ? '1' : '0' });

    const defaults = await api<Page>(`/api/v3/locations/${id}/videos`);
    expect(defaults.body.pagination_data).toMatchObject({
      page: 1,
      per_page: 20,
      number_of_pages: Math.ceil(total / 20),
    });
    expect(defaults.body.data).toHaveLength(Math.min(20, total));
  });

  it('pages through every video exactly once', async () => {
    const id = await someLocationId();
    const seen: number[] = [];
    for (let page = 1; page <= 20; page++) {
      const { body } = await api<Page>(`/api/v3/locations/${id}/videos?page=${page}&per_page=3`);
      seen.push(...body.data.map((v) => v.clm_id));
      expect(body.pagination_data.page).toBe(page);
      if (body.pagination_data.has_more === '0') break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const { body } = await api<Page>(`/api/v3/locations/${id}/videos?per_page=3`);
    expect(seen).toHaveLength(body.pagination_data.total);
  });

  it('answers an empty page past the end with has_more 0', async () => {
    const id = await someLocationId();
    const { status, body } = await api<Page>(`/api/v3/locations/${id}/videos?page=50`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.pagination_data.has_more).toBe('0');
  });

  it.each(['per_page=0', 'per_page=10000', 'page=0', 'page=abc', 'per_page=2.5'])(
    'refuses %s',
    async (query) => {
      const id = await someLocationId();
      const { status, body } = await api(`/api/v3/locations/${id}/videos?${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/page/) });
    },
  );

  it('answers 404 for an unknown location', async () => {
    expect((await api('/api/v3/locations/987654321/videos')).status).toBe(404);
  });
});

describe('GET /api/v2/locations/{id}/follows and /tips', () => {
  it('counts followers and lists the latest', async () => {
    const id = await someLocationId();
    const { status, body } = await api<{
      location_id: number;
      count: number;
      data: { clm_username: string }[];
    }>(`/api/v2/locations/${id}/follows`);
    expect(status).toBe(200);
    expect(body.location_id).toBe(id);
    expect(body.count).toBeGreaterThanOrEqual(body.data.length);
    expect(body.data.length).toBeGreaterThan(0);
    const location = await api<{ follower_count: number }>(`/api/v2/locations/${id}`);
    expect(location.body.follower_count).toBe(body.count);
  });

  it('lists tips with their authors, newest first', async () => {
    const id = await someLocationId();
    const { status, body } = await api<{
      data: { text: string; created_at: string; author: { clm_username: string } }[];
    }>(`/api/v2/locations/${id}/tips`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(2);
    const dates = body.data.map((t) => t.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers 404 for unknown locations', async () => {
    expect((await api('/api/v2/locations/987654321/follows')).status).toBe(404);
    expect((await api('/api/v2/locations/987654321/tips')).status).toBe(404);
  });
});

describe('GET /api/v2/locations/{id}/related', () => {
  it('answers precomputed related places of the same kind and city, within 5 km', async () => {
    const id = inject('relatedLocationId');
    const place = await api<Summary & Point & { city: { clm_slug: string } }>(
      `/api/v2/locations/${id}`,
    );
    const { status, body } = await api<{ data: Summary[]; cached: boolean }>(
      `/api/v2/locations/${id}/related?use_cache=1&use_only_cache=1`,
    );
    expect(status).toBe(200);
    expect(body.cached).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(8);
    for (const related of body.data) {
      expect(related.clm_id).not.toBe(id);
      expect(related.city_slug).toBe(place.body.city.clm_slug);
      // One kind of place, one label; and near (ADR 075).
      expect(related.clm_label).toBe(place.body.clm_label);
      const other = await api<Point>(`/api/v2/locations/${related.clm_id}`);
      expect(distanceKm(toPoint(place.body), toPoint(other.body))).toBeLessThanOrEqual(
        RELATED_RADIUS_KM * 1.001,
      );
    }
  });

  it('computes afresh with use_cache=0 and gets the same answer', async () => {
    const id = inject('relatedLocationId');
    const cached = await api<{ data: Summary[] }>(
      `/api/v2/locations/${id}/related?use_cache=1&use_only_cache=1`,
      { headers: NO_CACHE },
    );
    const computed = await api<{ data: Summary[]; cached: boolean }>(
      `/api/v2/locations/${id}/related?use_cache=0`,
      { headers: NO_CACHE },
    );
    expect(computed.body.cached).toBe(false);
    expect(computed.body.data.length).toBeGreaterThan(0);
    expect(computed.body.data.map((l) => l.clm_id)).toEqual(cached.body.data.map((l) => l.clm_id));
  });

  it('never computes on a request with use_only_cache=1, but fills the cache otherwise', async () => {
    const id = inject('uncachedLocationId');
    const only = await api<{ data: Summary[]; cached: boolean }>(
      `/api/v2/locations/${id}/related?use_cache=1&use_only_cache=1`,
    );
    expect(only.status).toBe(200);
    expect(only.body).toEqual({ data: [], cached: false });
    const again = await api<{ data: Summary[]; cached: boolean }>(
      `/api/v2/locations/${id}/related?use_cache=1&use_only_cache=1`,
      { headers: NO_CACHE },
    );
    expect(again.body.data).toEqual([]);

    const filled = await api<{ data: Summary[]; cached: boolean }>(
      `/api/v2/locations/${id}/related?use_cache=1`,
    );
    expect(filled.body.cached).toBe(false);
    expect(filled.body.data.length).toBeGreaterThan(0);
    const now = await api<{ data: Summary[]; cached: boolean }>(
      `/api/v2/locations/${id}/related?use_only_cache=1`,
      { headers: NO_CACHE },
    );
    expect(now.body.cached).toBe(true);
    expect(now.body.data).toEqual(filled.body.data);
  });

  it('refuses flags other than 1 and 0', async () => {
    const id = await someLocationId();
    expect((await api(`/api/v2/locations/${id}/related?use_cache=yes`)).status).toBe(400);
  });
});

describe('GET /api/v2/locations/trending', () => {
  it('lists the 15 trending restaurants of the footer', async () => {
    const { body } = await api<{ data: Summary[] }>('/api/v2/locations/trending');
    expect(body.data).toHaveLength(15);
    expect(body.data.every((l) => l.super_categories.includes('dining'))).toBe(true);
  });
});
