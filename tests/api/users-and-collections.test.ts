import { describe, expect, it } from 'vitest';
import { api } from './client';

type Author = { clm_id: number; clm_username: string };
type Review = { clm_id: number; author: Author; location: { city_slug: string } };

async function creatorId(): Promise<number> {
  const { body } = await api<{ results: { video: Review }[] }>('/api/v4/global/watch?limit=1');
  return body.results[0]!.video.author.clm_id;
}

describe('GET /api/v2/users/{id}', () => {
  it('returns the profile', async () => {
    const id = await creatorId();
    const { status, body } = await api<Record<string, unknown>>(`/api/v2/users/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      user_id: id,
      user_name: expect.any(String),
      vanity_url: expect.any(String),
      avatar_url: expect.stringMatching(/^\/media\/avatars\/.+\.svg$/),
      user_level: expect.any(Number),
      is_internal: false,
    });
  });

  it('serves the avatar as an SVG image', async () => {
    const { body } = await api<{ avatar_url: string }>(`/api/v2/users/${await creatorId()}`);
    const { status, headers } = await api(body.avatar_url);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('image/svg+xml');
  });

  it('answers 404 and 400', async () => {
    expect((await api('/api/v2/users/987654321')).status).toBe(404);
    expect((await api('/api/v2/users/maya')).status).toBe(400);
  });
});

describe('GET /api/v2/users/{id}/reviews/by-city', () => {
  it('groups the creator’s reviews by city, biggest first', async () => {
    const id = await creatorId();
    const { status, body } = await api<{
      data: { city: { clm_slug: string }; count: number; reviews: Review[] }[];
    }>(`/api/v2/users/${id}/reviews/by-city`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    const counts = body.data.map((g) => g.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const group of body.data) {
      expect(group.reviews.length).toBe(Math.min(group.count, 12));
      expect(
        group.reviews.every(
          (r) => r.author.clm_id === id && r.location.city_slug === group.city.clm_slug,
        ),
      ).toBe(true);
    }
    const profile = await api<{ review_count: number }>(`/api/v2/users/${id}`);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(profile.body.review_count);
  });

  it('answers an empty list for a user without videos', async () => {
    // User 1 is the seeded world's own account (is_internal), which posts nothing.
    const profile = await api<{ review_count: number; is_internal: boolean }>('/api/v2/users/1');
    expect(profile.body).toMatchObject({ review_count: 0, is_internal: true });
    const { status, body } = await api('/api/v2/users/1/reviews/by-city');
    expect(status).toBe(200);
    expect(body).toEqual({ data: [] });
  });

  it('answers 404 for no such user and 400 for a bad id', async () => {
    expect((await api('/api/v2/users/987654321/reviews/by-city')).status).toBe(404);
    expect((await api('/api/v2/users/maya/reviews/by-city')).status).toBe(400);
  });
});

describe('GET /api/v2/collections/{id}', () => {
  it('returns clm_name and its content in order', async () => {
    const { status, body } = await api<{
      clm_name: string;
      content: Review[];
      city: { clm_city: string };
    }>('/api/v2/collections/1');
    expect(status).toBe(200);
    expect(body.clm_name).toMatch(/\S/);
    // Five or more places of what its title promises (ADR 075).
    expect(body.content.length).toBeGreaterThanOrEqual(5);
    expect(new Set(body.content.map((r) => r.clm_id)).size).toBe(body.content.length);
  });

  it('answers 404 and 400', async () => {
    expect((await api('/api/v2/collections/987654')).status).toBe(404);
    expect((await api('/api/v2/collections/one')).status).toBe(400);
  });
});

describe('GET /api/user/collections/{userId}', () => {
  async function ownerWithCollections() {
    for (let id = 2; id < 80; id++) {
      const { status, body } = await api<{
        data: { id: number; name: string; review_count: number }[];
      }>(`/api/user/collections/${id}`);
      if (status === 200 && body.data.length > 0) return { userId: id, lists: body.data };
    }
    throw new Error('no creator with collections in the seeded world');
  }

  it('lists a user’s collections, and single={id} returns name and reviews', async () => {
    const { userId, lists } = await ownerWithCollections();
    const list = lists[0]!;
    expect(list.review_count).toBeGreaterThanOrEqual(5);
    const { status, body } = await api<{ name: string; reviews: Review[]; user: Author }>(
      `/api/user/collections/${userId}?single=${list.id}`,
    );
    expect(status).toBe(200);
    expect(body.name).toBe(list.name);
    expect(body.user.clm_id).toBe(userId);
    expect(body.reviews).toHaveLength(list.review_count);
  });

  it('answers 404 for another user’s collection, 400 for a bad single', async () => {
    const { userId, lists } = await ownerWithCollections();
    expect(
      (await api(`/api/user/collections/${userId + 1000}?single=${lists[0]!.id}`)).status,
    ).toBe(404);
    expect((await api(`/api/user/collections/${userId}?single=abc`)).status).toBe(400);
  });
});
