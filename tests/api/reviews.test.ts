import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { api, NO_CACHE } from './client';

type Review = {
  clm_id: number;
  view_count: number;
  location: { clm_id: number };
  author: { clm_username: string };
  video: { duration_ms: number };
};

describe('GET /api/v2/reviews/{id}', () => {
  it.each([148734, 448782])('serves the default featured review %i (spec §9)', async (id) => {
    const { status, body } = await api<Review>(`/api/v2/reviews/${id}`);
    expect(status).toBe(200);
    expect(body.clm_id).toBe(id);
    expect(body.location.clm_id).toBeGreaterThan(0);
    expect(body.author.clm_username).toMatch(/\S/);
    expect(body.video.duration_ms).toBeGreaterThan(1000);
  });

  it('answers 404 and 400', async () => {
    expect((await api('/api/v2/reviews/1')).status).toBe(404);
    expect((await api('/api/v2/reviews/x1')).status).toBe(400);
  });
});

describe('PUT /api/v2/reviews/{id}/reads/{deviceId}', () => {
  const device = () => `web-${randomUUID()}`;

  it('records a view once per device, with its watched duration', async () => {
    const before = (await api<Review>('/api/v2/reviews/148734', { headers: NO_CACHE })).body
      .view_count;
    const id = device();
    const first = await api(`/api/v2/reviews/148734/reads/${id}`, {
      method: 'PUT',
      body: { watchedDuration: 3.4 },
    });
    expect(first.status).toBe(204);
    expect(
      (await api<Review>('/api/v2/reviews/148734', { headers: NO_CACHE })).body.view_count,
    ).toBe(before + 1);
    const again = await api(`/api/v2/reviews/148734/reads/${id}`, {
      method: 'PUT',
      body: { watchedDuration: 5 },
    });
    expect(again.status).toBe(204);
    expect(
      (await api<Review>('/api/v2/reviews/148734', { headers: NO_CACHE })).body.view_count,
    ).toBe(before + 1);
  });

  // Only a database server runs two transactions at once (the embedded one takes turns).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "adds a device's watched time to the day's rollup once when its reads race",
    async () => {
      const { content } = (
        await api<{ content: { clm_id: number; location: { clm_id: number } }[] }>(
          '/api/v2/cities/5/feed?limit=1&start=37',
        )
      ).body;
      const review = content[0]!;
      const db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await db.connect();
      const watched = async () =>
        Number(
          (
            await db.query<{ ms: string }>(
              `select coalesce(sum(watched_ms), 0) as ms from location_daily_stats
                where location_id = $1 and day = (now() at time zone 'UTC')::date`,
              [review.location.clm_id],
            )
          ).rows[0]!.ms,
        );
      try {
        const before = await watched();
        const id = device();
        // Twelve reads of one device at once, as far as 12 s into the video: the day grows by 12 s.
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            api(`/api/v2/reviews/${review.clm_id}/reads/${id}`, {
              method: 'PUT',
              body: { watchedDuration: i + 1 },
            }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(12).fill(204));
        expect((await watched()) - before).toBe(12_000);
      } finally {
        await db.end();
      }
    },
  );

  it('accepts a read without a body or without watchedDuration', async () => {
    expect((await api(`/api/v2/reviews/148734/reads/${device()}`, { method: 'PUT' })).status).toBe(
      204,
    );
    expect(
      (await api(`/api/v2/reviews/148734/reads/${device()}`, { method: 'PUT', body: {} })).status,
    ).toBe(204);
  });

  it.each([
    [{ watchedDuration: -1 }, 'watchedDuration'],
    [{ watchedDuration: 'long' }, 'watchedDuration'],
    [{ watchedDuration: 1, extra: true }, 'extra'],
  ])('refuses the body %j', async (body, mentions) => {
    const { status, body: answer } = await api(`/api/v2/reviews/148734/reads/${device()}`, {
      method: 'PUT',
      body,
    });
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining(mentions),
    });
  });

  it('refuses malformed JSON, a bad device id and an unknown review', async () => {
    const malformed = await api(`/api/v2/reviews/148734/reads/${device()}`, {
      method: 'PUT',
      body: '{"watchedDuration": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'bad_request' });
    expect((await api('/api/v2/reviews/148734/reads/bad%20id!', { method: 'PUT' })).status).toBe(
      400,
    );
    expect((await api('/api/v2/reviews/148734/reads/short', { method: 'PUT' })).status).toBe(400);
    const unknown = await api(`/api/v2/reviews/2/reads/${device()}`, { method: 'PUT' });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/v2/trackers/share', () => {
  it('records a share of an existing resource', async () => {
    const { status, body } = await api<{ status: string; id: number }>('/api/v2/trackers/share', {
      method: 'POST',
      body: { resourceId: 148734, resourceType: 'review', referrerCode: 'maya.eats' },
    });
    expect(status).toBe(201);
    expect(body.status).toBe('ok');
    expect(body.id).toBeGreaterThan(0);
    const asString = await api('/api/v2/trackers/share', {
      method: 'POST',
      body: { resourceId: '1', resourceType: 'city', referrerCode: 'r1' },
    });
    expect(asString.status).toBe(201);
  });

  it.each([
    [{ resourceType: 'review', referrerCode: 'x' }, 'resourceId'],
    [{ resourceId: 148734, resourceType: 'song', referrerCode: 'x' }, 'resourceType'],
    [{ resourceId: 148734, resourceType: 'review', referrerCode: '' }, 'referrerCode'],
    [{ resourceId: 148734, resourceType: 'review', referrerCode: '<script>' }, 'referrerCode'],
    [{ resourceId: 0, resourceType: 'review', referrerCode: 'x' }, 'resourceId'],
  ])('refuses %j', async (body, mentions) => {
    const answer = await api('/api/v2/trackers/share', { method: 'POST', body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining(mentions),
    });
  });

  it('answers 404 for a resource that does not exist', async () => {
    const answer = await api('/api/v2/trackers/share', {
      method: 'POST',
      body: { resourceId: 987654321, resourceType: 'location', referrerCode: 'x' },
    });
    expect(answer.status).toBe(404);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await api('/api/v2/trackers/share', { method: 'POST', body: 'resourceId=1' });
    expect(answer.status).toBe(400);
    const wrongType = await api('/api/v2/trackers/share', {
      method: 'POST',
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ error: 'unsupported_media_type' });
  });
});
