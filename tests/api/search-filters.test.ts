import { describe, expect, it } from 'vitest';
import { localTime, openStatus } from '../../contract/opening-hours';
import { api } from './client';

type Place = {
  clm_id: number;
  clm_name: string;
  clm_city: string;
  clm_price_level: number | null;
  clm_hours: { day: string; open: string | null; close: string | null }[];
  clm_time_zone: string;
  follower_count: number;
  tags: { categories: { safe_name: string }[]; cuisines: { safe_name: string }[] };
  super_categories: string[];
  distance_km: number | null;
};
type Answer = {
  data: { locations: Place[]; reviews?: unknown[] };
  locations_total: number;
  understood: { city: { clm_id: number } | null; super_category?: string | null };
};

const search = async (query: string) => {
  const answer = await api<Answer>(`/api/v2/search/wonder-search?include=locations&${query}`);
  expect(answer.status, query).toBe(200);
  return answer.body;
};

describe('wonder-search filters, sorts and paging (issue 18)', () => {
  it('filters by category and cuisine safe names, with an empty term', async () => {
    const bars = await search('category=bar&limit=50');
    expect(bars.locations_total).toBeGreaterThan(0);
    for (const p of bars.data.locations)
      expect(p.tags.categories.map((t) => t.safe_name)).toContain('bar');
    const sushi = await search('term=&cuisine=sushi&limit=50');
    expect(sushi.data.locations.length).toBeGreaterThan(0);
    for (const p of sushi.data.locations)
      expect(p.tags.cuisines.map((t) => t.safe_name)).toContain('sushi');
  });

  it('filters by a kind of place, as the landing page’s chips ask (category=nightlife)', async () => {
    const night = await search('category=nightlife&limit=50');
    expect(night.data.locations.length).toBeGreaterThan(0);
    for (const p of night.data.locations) expect(p.super_categories).toContain('nightlife');
    expect(night.understood.super_category).toBe('nightlife');
    const hotels = await search('category=hotel&limit=50');
    for (const p of hotels.data.locations) expect(p.super_categories).toContain('hotel');
    expect(hotels.locations_total).not.toBe(night.locations_total);
  });

  it('finds nothing for a category or cuisine it does not know, rather than everything', async () => {
    for (const query of ['category=spaceport', 'cuisine=martian', 'term=pizza&cuisine=martian']) {
      const none = await search(`${query}&limit=5`);
      expect(none.locations_total, query).toBe(0);
      expect(none.data.locations, query).toEqual([]);
    }
  });

  it('filters by price levels and city, and counts what matches', async () => {
    const chicago = await search('term=chicago&limit=1');
    const cityId = chicago.understood.city!.clm_id;
    const cheap = await search(`city_id=${cityId}&price=1,2&limit=50`);
    expect(cheap.data.locations.length).toBeGreaterThan(0);
    expect(cheap.locations_total).toBeGreaterThanOrEqual(cheap.data.locations.length);
    for (const p of cheap.data.locations) {
      expect(p.clm_city).toBe('Chicago');
      expect([1, 2]).toContain(p.clm_price_level);
    }
    const all = await search(`city_id=${cityId}&limit=50`);
    expect(all.locations_total).toBeGreaterThan(cheap.locations_total);
  });

  it('keeps only places open now, in their own time zone', async () => {
    const open = await search('category=restaurant&open_now=1&limit=50');
    const all = await search('category=restaurant&limit=50');
    expect(open.locations_total).toBeLessThanOrEqual(all.locations_total);
    const now = new Date();
    for (const p of open.data.locations)
      expect(openStatus(p.clm_hours, p.clm_time_zone, now).open, p.clm_name).toBe(true);
    // Every left-out place on the first page of all is closed now.
    const kept = new Set(open.data.locations.map((p) => p.clm_id));
    for (const p of all.data.locations.slice(0, 20))
      if (!kept.has(p.clm_id) && open.locations_total > 50 === false)
        expect(openStatus(p.clm_hours, p.clm_time_zone, now).open, p.clm_name).toBe(false);
    expect(localTime(now, 'America/Chicago').day).toBeGreaterThanOrEqual(0);
  });

  it('sorts by distance from lat/lon, nearest first, and by popularity', async () => {
    const near = await search(
      'category=restaurant&sort=distance&lat=41.8781&lon=-87.6298&limit=20',
    );
    const distances = near.data.locations.map((p) => p.distance_km!);
    expect(distances.every((d) => typeof d === 'number')).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(near.data.locations[0]!.clm_city).toBe('Chicago');
    const popular = await search('term=pizza&sort=popularity&limit=10');
    expect(popular.data.locations.length).toBeGreaterThan(1);
    const plain = await search('term=pizza&limit=10');
    expect(plain.data.locations.every((p) => p.distance_km === null)).toBe(true);
  });

  it('pages with offset without repeating or skipping', async () => {
    const whole = await search('category=restaurant&limit=20');
    const first = await search('category=restaurant&limit=10');
    const second = await search('category=restaurant&limit=10&offset=10');
    expect([...first.data.locations, ...second.data.locations].map((p) => p.clm_id)).toEqual(
      whole.data.locations.map((p) => p.clm_id),
    );
    expect(second.locations_total).toBe(whole.locations_total);
  });

  it('says which kind of place a word named', async () => {
    const night = await search('term=nightlife&limit=5');
    expect(night.understood.super_category).toBe('nightlife');
    expect(night.data.locations.length).toBeGreaterThan(0);
  });

  it.each([
    ['category=bar&sort=distance', 'sort'],
    ['category=bar&lat=40', 'lon'],
    ['category=bar&lat=100&lon=0', 'lat'],
    ['category=Bar%20%26', 'category'],
    ['category=bar&price=5', 'price'],
    ['category=bar&open_now=maybe', 'open_now'],
    ['category=bar&offset=-1', 'offset'],
    ['price=1', 'term'],
  ])('refuses "%s" with a 400 naming %s', async (query, mentions) => {
    const { status, body } = await api(`/api/v2/search/wonder-search?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining(mentions),
    });
  });
});
