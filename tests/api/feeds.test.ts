import { describe, expect, it } from 'vitest';
import { api, baseUrl } from './client';

type Review = {
  clm_id: number;
  video: {
    mp4_url: string;
    webm_url: string;
    poster_url: string;
    duration_ms: number;
    has_audio: boolean;
  };
  location: { clm_id: number; city_slug: string };
  author: { clm_username: string };
};

describe('GET /api/v4/global/watch', () => {
  it('returns `limit` results, each with a playable video from /media', async () => {
    const { status, body } = await api<{ result_type: string; results: { video: Review }[] }>(
      '/api/v4/global/watch?limit=10&result_type=global',
    );
    expect(status).toBe(200);
    expect(body.result_type).toBe('global');
    expect(body.results).toHaveLength(10);
    for (const { video } of body.results) {
      expect(video.location.clm_id).toBeGreaterThan(0);
      expect(video.author.clm_username).toMatch(/\S/);
      expect(video.video.mp4_url).toMatch(/^\/media\/clips\/.+\.mp4$/);
    }
    const first = body.results[0]!.video.video;
    for (const [url, type] of [
      [first.mp4_url, 'video/mp4'],
      [first.webm_url, 'video/webm'],
      [first.poster_url, 'image/jpeg'],
    ] as const) {
      const media = await fetch(baseUrl() + url);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toContain(type);
      expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });

  it('says which clips have a sound track: some do, some do not (ADR 077)', async () => {
    const { body } = await api<{ results: { video: Review }[] }>('/api/v4/global/watch?limit=30');
    const sound = body.results.map(({ video }) => video.video.has_audio);
    expect(new Set(sound)).toEqual(new Set([true, false]));
  });

  it('shows one video per place, without repeats', async () => {
    const { body } = await api<{ results: { clm_id: number; video: Review }[] }>(
      '/api/v4/global/watch?limit=30',
    );
    const ids = body.results.map((r) => r.clm_id);
    const places = body.results.map((r) => r.video.location.clm_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(places).size).toBe(places.length);
  });

  it('defaults result_type to global and refuses others', async () => {
    expect((await api('/api/v4/global/watch')).status).toBe(200);
    const bad = await api('/api/v4/global/watch?result_type=local');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining('result_type'),
    });
  });

  it.each(['0', '51', 'ten', '-3'])('refuses limit=%s with a 400', async (limit) => {
    const { status, body } = await api(`/api/v4/global/watch?limit=${limit}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'bad_request', message: expect.stringContaining('limit') });
  });
});

describe('GET /api/v2/cities/{id}/feed', () => {
  type Feed = {
    id: number;
    displayName: string;
    content: Review[];
    next_start: number | null;
    classifications: { clm_pinned: string; clm_count: number }[];
    super_categories: { key: string; count: number }[];
  };

  it('returns the city with 4 videos by default and next_start for more', async () => {
    const { status, body } = await api<Feed>('/api/v2/cities/1/feed');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 1,
      displayName: expect.any(String),
      state: expect.any(String),
      country: 'US',
    });
    expect(body).toHaveProperty('serviceId');
    expect(body).toHaveProperty('latitude');
    expect(body).toHaveProperty('longitude');
    expect(body.content).toHaveLength(4);
    expect(body.next_start).toBe(4);
    expect(
      body.content.every((r) => r.location.city_slug === body.content[0]!.location.city_slug),
    ).toBe(true);
  });

  it('pages with next_start without repeating a video, and ends with null', async () => {
    const seen = new Set<number>();
    let start: number | null = 0;
    let calls = 0;
    while (start !== null && calls < 200) {
      const { body }: { body: Feed } = await api<Feed>(
        `/api/v2/cities/2/feed?limit=50&start=${start}`,
      );
      for (const r of body.content) {
        expect(seen.has(r.clm_id)).toBe(false);
        seen.add(r.clm_id);
      }
      start = body.next_start;
      calls++;
    }
    expect(start).toBeNull();
    expect(seen.size).toBeGreaterThanOrEqual(40 * 8);
  });

  it('lists the city’s cuisines pinned first, then by count, and counts every super category', async () => {
    const { body } = await api<Feed>('/api/v2/cities/3/feed');
    const pinned = body.classifications.map((c) => c.clm_pinned);
    expect(pinned).toEqual([...pinned].sort().reverse());
    expect(body.super_categories.map((s) => s.key)).toEqual([
      'dining',
      'nightlife',
      'hotel',
      'experiences',
      'shopping',
    ]);
    expect(body.super_categories.every((s) => s.count > 0)).toBe(true);
  });

  it('answers 404 for an unknown city and 400 for a bad id or limit', async () => {
    expect((await api('/api/v2/cities/999999/feed')).status).toBe(404);
    expect((await api('/api/v2/cities/abc/feed')).status).toBe(400);
    expect((await api('/api/v2/cities/1/feed?limit=0')).status).toBe(400);
    expect((await api('/api/v2/cities/1/feed?start=-1')).status).toBe(400);
  });
});

describe('GET /api/v2/cities/{id}/top-locations', () => {
  it('returns the city’s best places of a super category', async () => {
    const { status, body } = await api<{
      data: { super_categories: string[]; city_slug: string }[];
    }>('/api/v2/cities/1/top-locations?super_category=nightlife&limit=5');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((l) => l.super_categories.includes('nightlife'))).toBe(true);
  });

  it('refuses an unknown super category', async () => {
    expect((await api('/api/v2/cities/1/top-locations?super_category=bars')).status).toBe(400);
  });
});
