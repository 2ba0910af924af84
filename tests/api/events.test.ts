import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, csrfPair, type CsrfPair } from './client';

type Refusal = { error: string; message: string; fields?: { field: string; message: string }[] };
type Mine = {
  distinct_id: string;
  events: {
    id: number;
    name: string;
    label: string | null;
    path: string;
    title: string | null;
    referrer: string | null;
    properties: Record<string, unknown>;
    occurred_at: string;
    received_at: string;
  }[];
};

/** The device id and CSRF token a page handed out (docs/decisions/025-csrf-tokens.md). */
let csrf: CsrfPair;
beforeAll(async () => {
  csrf = await csrfPair();
});
const visitor = () => randomUUID();
/** A page's call: its cookies and the CSRF header, as the API client sends it. */
const fromPage = (distinctId: string) => ({
  cookie: `distinct_id=${distinctId}; spotreel_consent=granted; ${csrf.cookie}`,
  'x-csrftoken': csrf.token,
});
const host = () => new URL(baseUrl()).host;

const pageView = (path = '/chicago-il', extra: Record<string, unknown> = {}) => ({
  name: 'page-view',
  path,
  title: 'Chicago, IL · Spotreel',
  referrer: 'https://www.google.com/',
  occurredAt: new Date().toISOString(),
  ...extra,
});

const send = (distinctId: string, events: unknown[], headers = fromPage(distinctId)) =>
  api<Refusal & { status?: string; stored?: number }>('/api/events', {
    method: 'POST',
    body: { events },
    headers,
  });

const mine = (distinctId: string, query = '') =>
  api<Mine>(`/api/events/mine${query}`, { headers: { cookie: `distinct_id=${distinctId}` } });

describe('POST /api/events', () => {
  it('stores a batch that the same visitor reads back, newest first, and no one else sees', async () => {
    const id = visitor();
    const sent = await send(id, [
      pageView('/chicago-il', { properties: { route_set: 'consumer', width: 390, first: true } }),
      {
        name: 'claim-business-click',
        label: 'Claim Business',
        path: '/place/the-purple-pig-chicago-il',
        occurredAt: new Date().toISOString(),
        properties: { location_id: 12, target: null },
      },
    ]);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ status: 'ok', stored: 2 });

    const read = await mine(id);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect(read.body.distinct_id).toBe(id);
    expect(read.body.events).toMatchObject([
      {
        name: 'claim-business-click',
        label: 'Claim Business',
        path: '/place/the-purple-pig-chicago-il',
        title: null,
        referrer: null,
        properties: { location_id: 12, target: null },
      },
      {
        name: 'page-view',
        label: null,
        path: '/chicago-il',
        title: 'Chicago, IL · Spotreel',
        referrer: 'https://www.google.com/',
        properties: { route_set: 'consumer', width: 390, first: true },
      },
    ]);
    expect(read.body.events[0]!.id).toBeGreaterThan(read.body.events[1]!.id);

    const onlyViews = await mine(id, '?name=page-view&limit=1');
    expect(onlyViews.body.events.map((e) => e.name)).toEqual(['page-view']);

    const someoneElse = await mine(visitor());
    expect(someoneElse.status).toBe(200);
    expect(someoneElse.body.events).toEqual([]);
  });

  it('refuses bad input field by field, and stores none of the batch', async () => {
    const id = visitor();
    const bad = await send(id, [
      pageView(),
      { ...pageView(), name: 'purchase' },
      { ...pageView(), path: 'chicago-il' },
      { ...pageView(), colour: 'red' },
      { ...pageView(), label: 'Buy now', occurredAt: 'yesterday' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('bad_request');
    const fields = bad.body.fields ?? [];
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'events.1.name', message: expect.stringContaining('must be one of page-view') },
        { field: 'events.2.path', message: "path must be the page's path, starting with /" },
        { field: 'events.3', message: expect.stringContaining('colour') },
        { field: 'events.4.label', message: expect.stringContaining('label must be one of') },
        {
          field: 'events.4.occurredAt',
          message: 'occurredAt must be a date and time like 2026-11-21T14:05:00.000Z',
        },
      ]),
    );
    expect((await mine(id)).body.events).toEqual([]);
  });

  it('stores nothing without the consent the pages ask for', async () => {
    for (const consent of ['', '; spotreel_consent=denied']) {
      const id = visitor();
      const refused = await send(id, [pageView()], {
        cookie: `distinct_id=${id}${consent}; ${csrf.cookie}`,
        'x-csrftoken': csrf.token,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('no_consent');
      expect((await mine(id)).body.events).toEqual([]);
    }
  });

  it('takes 1 to 50 events, and nothing else in the body', async () => {
    const id = visitor();
    const tooMany = await send(
      id,
      Array.from({ length: 51 }, () => pageView()),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toEqual([
      { field: 'events', message: 'send at most 50 events at a time' },
    ]);
    const none = await send(id, []);
    expect(none.body.fields).toEqual([{ field: 'events', message: 'send at least one event' }]);
    const extra = await api<Refusal>('/api/events', {
      method: 'POST',
      body: { events: [pageView()], user: 'me' },
      headers: fromPage(id),
    });
    expect(extra.status).toBe(400);
    expect(extra.body.fields?.[0]?.message).toContain('user');
    const properties = await send(id, [
      pageView('/', {
        properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])),
      }),
    ]);
    expect(properties.body.fields).toEqual([
      { field: 'events.0.properties', message: 'properties may hold at most 20 entries' },
    ]);
    expect((await mine(id)).body.events).toEqual([]);
    const fifty = await send(
      id,
      Array.from({ length: 50 }, () => pageView()),
    );
    expect(fifty.body).toEqual({ status: 'ok', stored: 50 });
  });

  it('needs the distinct_id cookie the pages set', async () => {
    const none = await api<Refusal>('/api/events', {
      method: 'POST',
      body: { events: [pageView()] },
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('no_distinct_id');
    expect(none.body.message).toContain('distinct_id cookie');
    const malformed = await send('short', [pageView()], fromPage('no good!'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('no_distinct_id');
    const read = await api<Refusal>('/api/events/mine');
    expect(read.status).toBe(400);
    expect(read.body.error).toBe('no_distinct_id');
  });

  it('clamps a time more than a day old or minutes ahead to now; keeps a recent one', async () => {
    const id = visitor();
    const recent = new Date(Date.now() - 3_600_000).toISOString();
    const before = Date.now();
    await send(id, [
      pageView('/old', { occurredAt: '2020-01-01T00:00:00Z' }),
      pageView('/ahead', { occurredAt: new Date(Date.now() + 3_600_000).toISOString() }),
      pageView('/recent', { occurredAt: recent }),
    ]);
    const events = Object.fromEntries(
      (await mine(id)).body.events.map((e) => [e.path, Date.parse(e.occurred_at)]),
    );
    for (const path of ['/old', '/ahead']) {
      expect(events[path]).toBeGreaterThanOrEqual(before - 1000);
      expect(events[path]).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(events['/recent']).toBe(Date.parse(recent));
  });
});

describe('POST /api/events and CSRF (navigator.sendBeacon sends no headers of its own)', () => {
  const beacon = (id: string, headers: Record<string, string>) =>
    send(id, [pageView()], {
      cookie: `distinct_id=${id}; spotreel_consent=granted; ${csrf.cookie}`,
      ...headers,
    } as never);

  it('with cookies but neither the header nor a same-origin proof: 403', async () => {
    const answer = await beacon(visitor(), {});
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('csrf_failed');
  });

  it('an Origin of this host passes; a foreign Origin does not', async () => {
    expect((await beacon(visitor(), { origin: `http://${host()}` })).status).toBe(202);
    const foreign = await beacon(visitor(), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('csrf_failed');
  });

  it('Sec-Fetch-Site decides where the browser sends it', async () => {
    expect((await beacon(visitor(), { 'sec-fetch-site': 'same-origin' })).status).toBe(202);
    const crossSite = await beacon(visitor(), {
      'sec-fetch-site': 'cross-site',
      origin: `http://${host()}`,
    });
    expect(crossSite.status).toBe(403);
  });

  it('only the event sink is let through this way', async () => {
    const other = await api<Refusal>('/api/v2/trackers/share', {
      method: 'POST',
      body: { resourceId: 1, resourceType: 'city', referrerCode: 'abc' },
      headers: {
        cookie: `distinct_id=${visitor()}; ${csrf.cookie}`,
        'sec-fetch-site': 'same-origin',
        origin: `http://${host()}`,
      },
    });
    expect(other.status).toBe(403);
  });
});
