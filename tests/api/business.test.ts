import { beforeAll, describe, expect, it } from 'vitest';
import type { Growth, ListingInfo } from '../../contract/business';
import { api } from './client';
import { sessionOf } from './sign-in';

interface Places {
  business_dashboard_locations: { clm_id: number; clm_name: string }[];
}

let andre: string; // runs one place (user 2)
let jonah: string; // runs two (user 3)
let grace: string; // runs none (user 4)
let andrePlace: number;
let jonahPlaces: number[];

const as = (token: string) => ({ 'auth-token': token });

beforeAll(async () => {
  [andre, jonah, grace] = await Promise.all([
    sessionOf('Andre Yilmaz'),
    sessionOf('Jonah Novak'),
    sessionOf('Grace Fontaine'),
  ]);
  const mine = await api<Places>('/api/user/2/business-dashboard-locations', {
    headers: as(andre),
  });
  andrePlace = mine.body.business_dashboard_locations[0]!.clm_id;
  const his = await api<Places>('/api/user/3/business-dashboard-locations', { headers: as(jonah) });
  jonahPlaces = his.body.business_dashboard_locations.map((place) => place.clm_id);
});

describe('dashboard data is for the place’s owners only', () => {
  it('seeds owners with one, two and no businesses', async () => {
    expect(jonahPlaces).toHaveLength(2);
    const none = await api<Places>('/api/user/4/business-dashboard-locations', {
      headers: as(grace),
    });
    expect(none.body.business_dashboard_locations).toEqual([]);
  });

  it('refuses a signed-out call (401), another owner (403), a non-owner and a forged id (403)', async () => {
    const path = (id: number) => `/api/biz/locations/${id}/growth?range=7`;
    expect((await api(path(andrePlace))).status).toBe(401);
    const other = await api(path(jonahPlaces[0]!), { headers: as(andre) });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ error: 'forbidden' });
    expect((await api(path(andrePlace), { headers: as(grace) })).status).toBe(403);
    expect((await api(path(987654321), { headers: as(andre) })).status).toBe(403);
    expect(
      (await api(`/api/biz/locations/${jonahPlaces[1]}/info`, { headers: as(andre) })).status,
    ).toBe(403);
    const write = await api(`/api/biz/locations/${jonahPlaces[0]}/info`, {
      method: 'PUT',
      headers: as(andre),
      body: { website: null, description: 'Mine now', hours: [] },
    });
    expect([400, 403]).toContain(write.status);
    const forgedWrite = await api(`/api/biz/locations/${jonahPlaces[0]}/info`, {
      method: 'PUT',
      headers: as(andre),
      body: validInfo('Mine now'),
    });
    expect(forgedWrite.status).toBe(403);
  });
});

function validInfo(description: string) {
  return {
    website: 'tacos.example.com',
    description,
    hours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
      (day) =>
        day === 'Monday'
          ? { day, open: null, close: null }
          : { day, open: '11:00', close: '22:30' },
    ),
  };
}

describe('growth', () => {
  it('counts views, followers and shares per day over 7, 30 and 90 days, with the range before', async () => {
    for (const range of [7, 30, 90]) {
      const answer = await api<Growth>(
        `/api/biz/locations/${jonahPlaces[0]}/growth?range=${range}`,
        {
          headers: as(jonah),
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const growth = answer.body;
      expect(growth.days).toHaveLength(range);
      expect(growth.days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
      // the seeded history: views every day, and more in the second half than the first
      expect(growth.totals.views).toBe(growth.days.reduce((n, d) => n + d.views, 0));
      expect(growth.totals.shares).toBe(growth.days.reduce((n, d) => n + d.shares, 0));
      if (range === 90) {
        const half = (days: typeof growth.days) => days.reduce((n, d) => n + d.views, 0);
        expect(half(growth.days.slice(45))).toBeGreaterThan(half(growth.days.slice(0, 45)));
        expect(growth.totals.shares).toBeGreaterThan(0);
        expect(growth.totals.new_followers).toBeGreaterThan(0);
      }
      // followers are a running total that ends at the place's count
      const last = growth.days.at(-1)!.followers;
      expect(growth.totals.followers).toBe(last);
      for (let i = 1; i < growth.days.length; i++)
        expect(growth.days[i]!.followers - growth.days[i - 1]!.followers).toBe(
          growth.days[i]!.new_followers,
        );
    }
    const place = await api<{ follower_count?: number; clm_id: number }>(
      `/api/v2/locations/${jonahPlaces[0]}/follows?_=${Date.now()}`,
    );
    expect(place.status).toBe(200);
  });

  it('counts a view recorded now, and a share of the place', async () => {
    const before = await api<Growth>(`/api/biz/locations/${andrePlace}/growth?range=7`, {
      headers: as(andre),
    });
    const videos = await api<{ data: { clm_id: number }[] }>(
      `/api/v3/locations/${andrePlace}/videos?per_page=1&_=${Date.now()}`,
    );
    const reviewId = videos.body.data[0]!.clm_id;
    const device = `web-growth-${Date.now()}`;
    expect(
      (
        await api(`/api/v2/reviews/${reviewId}/reads/${device}`, {
          method: 'PUT',
          body: { watchedDuration: 12 },
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        await api('/api/v2/trackers/share', {
          method: 'POST',
          body: { resourceId: andrePlace, resourceType: 'location', referrerCode: 'abc123' },
        })
      ).status,
    ).toBe(201);
    const after = await api<Growth>(`/api/biz/locations/${andrePlace}/growth?range=7`, {
      headers: as(andre),
    });
    expect(after.body.totals.views).toBe(before.body.totals.views + 1);
    expect(after.body.totals.shares).toBe(before.body.totals.shares + 1);
    expect(after.body.totals.watched_minutes).toBeGreaterThan(before.body.totals.watched_minutes);
  });

  it('accepts only the 7, 30 and 90 day ranges', async () => {
    const answer = await api(`/api/biz/locations/${andrePlace}/growth?range=12`, {
      headers: as(andre),
    });
    expect(answer.status).toBe(400);
  });
});

describe('listing info', () => {
  it('an owner reads and saves website, description and hours; the public page shows them', async () => {
    const path = `/api/biz/locations/${jonahPlaces[1]}/info`;
    const read = await api<ListingInfo>(path, { headers: as(jonah) });
    expect(read.status).toBe(200);
    expect(read.body.hours).toHaveLength(7);
    const saved = await api<ListingInfo>(path, {
      method: 'PUT',
      headers: as(jonah),
      body: validInfo('Hand-made tortillas, every day but Monday.'),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      website: 'https://tacos.example.com/',
      description: 'Hand-made tortillas, every day but Monday.',
    });
    expect(saved.body.hours[0]).toEqual({ day: 'Monday', open: null, close: null });
    const page = await api<{ clm_id: number; description?: string }>(
      `/api/v2/locations/${jonahPlaces[1]}`,
    );
    expect(JSON.stringify(page.body)).toContain('Hand-made tortillas');
  });

  it("an owner's new hours are in search answers at once (the index syncs on the write)", async () => {
    const id = jonahPlaces[0]!;
    const place = await api<{ clm_name: string }>(`/api/v2/locations/${id}`);
    const hoursFound = async () => {
      const found = await api<{
        data: {
          locations: { clm_id: number; clm_hours: { day: string; close: string | null }[] }[];
        };
      }>(
        `/api/v2/search/wonder-search?include=locations&limit=10&term=${encodeURIComponent(place.body.clm_name)}`,
      );
      return found.body.data.locations.find((l) => l.clm_id === id)?.clm_hours;
    };
    const closing = (await hoursFound())?.find((h) => h.day === 'Friday')?.close;
    const next = closing === '23:45' ? '23:15' : '23:45';
    const info = validInfo('Open late on Fridays.');
    const hours = info.hours.map((h) => (h.day === 'Friday' ? { ...h, close: next } : h));
    const saved = await api(`/api/biz/locations/${id}/info`, {
      method: 'PUT',
      headers: as(jonah),
      body: { ...info, hours },
    });
    expect(saved.status).toBe(200);
    // No waiting for the next poll: the answer right after the save has the new hours.
    expect((await hoursFound())?.find((h) => h.day === 'Friday')?.close).toBe(next);
  });

  it('refuses bad input with a sentence per field, and changes nothing', async () => {
    const path = `/api/biz/locations/${jonahPlaces[1]}/info`;
    const before = await api<ListingInfo>(path, { headers: as(jonah) });
    const cases = [
      { ...validInfo('x'), website: 'not a site' },
      { ...validInfo('') },
      { ...validInfo('x'), hours: validInfo('x').hours.slice(0, 6) },
      {
        ...validInfo('x'),
        hours: validInfo('x').hours.map((d) => (d.day === 'Tuesday' ? { ...d, close: null } : d)),
      },
      { ...validInfo('x'), hours: validInfo('x').hours.map((d) => ({ ...d, open: '25:00' })) },
    ];
    for (const body of cases) {
      const answer = await api<{ error: string; message: string }>(path, {
        method: 'PUT',
        headers: as(jonah),
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(/\S/);
    }
    expect((await api<ListingInfo>(path, { headers: as(jonah) })).body).toEqual(before.body);
  });
});

describe('claims', () => {
  const claim = (overrides: Record<string, unknown> = {}) => ({
    owner_name: 'Rosa Diaz',
    position: 'Owner',
    business_name: 'Rosa’s Corner Bakery',
    business_website: 'rosasbakery.example.com',
    address: { addr_line1: '12 Elm St', city: 'Chicago', state: 'il', postal: '60601' },
    email: 'rosa@example.com',
    phone: '(312) 555-0147',
    utm_source: 'place-page',
    ...overrides,
  });

  it('stores a claim, and refuses the same person claiming the same place again', async () => {
    const first = await api('/api/biz/claims', { method: 'POST', body: claim() });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'received',
      claim_id: expect.any(Number),
      location_id: null,
    });
    const again = await api<{ error: string; message: string }>('/api/biz/claims', {
      method: 'POST',
      body: claim({ email: 'ROSA@example.com', business_name: 'rosa’s  corner bakery' }),
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_claimed');
    expect(again.body.message).toContain('already claimed');
    // another person may claim it too (the team sorts it out)
    const partner = await api('/api/biz/claims', {
      method: 'POST',
      body: claim({ email: 'partner@example.com', owner_name: 'Sam Diaz', position: 'Co-owner' }),
    });
    expect(partner.status).toBe(201);
  });

  it('gives the claimer a receipt that names the claim; nothing else confirms one', async () => {
    const sent = await api<{ claim_id: number; receipt: string }>('/api/biz/claims', {
      method: 'POST',
      body: claim({ email: `receipt.${Date.now()}@example.com` }),
    });
    expect(sent.status).toBe(201);
    expect(sent.body.receipt).toMatch(new RegExp(`^${sent.body.claim_id}\\.[A-Za-z0-9_-]{43}$`));
    const shown = await api(`/api/biz/claims/${sent.body.receipt}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      status: 'received',
      claim_id: sent.body.claim_id,
      business_name: 'Rosa’s Corner Bakery',
    });
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    // another claim's number under this claim's mark, a made-up mark, a claim never made
    const mark = sent.body.receipt.split('.')[1]!;
    for (const forged of [
      `${sent.body.claim_id + 1}.${mark}`,
      `${sent.body.claim_id}.${'A'.repeat(43)}`,
      `987654321.${mark}`,
    ]) {
      const answer = await api<{ error: string }>(`/api/biz/claims/${forged}`);
      expect(answer.status, forged).toBe(404);
      expect(answer.body.error).toBe('not_found');
    }
    // not a receipt at all: bad input, said so
    for (const bad of ['Anything', '1', '0.abc', `99999999999.${mark}`]) {
      const answer = await api<{ error: string; message: string }>(`/api/biz/claims/${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toMatch(/receipt/);
    }
  });

  it('matches a claim to the listed place it names', async () => {
    const place = await api<{
      clm_name: string;
      clm_address: string;
      clm_zip: string;
      clm_city: string;
      clm_state: string;
    }>(`/api/v2/locations/${andrePlace}`);
    const { clm_name, clm_address, clm_zip, clm_city, clm_state } = place.body;
    const answer = await api('/api/biz/claims', {
      method: 'POST',
      body: claim({
        business_name: clm_name,
        address: { addr_line1: clm_address, city: clm_city, state: clm_state, postal: clm_zip },
        email: `owner.${Date.now()}@example.com`,
      }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ location_id: andrePlace });
  });

  it('refuses bad fields with clear sentences', async () => {
    const bad = await api<{ error: string; message: string }>('/api/biz/claims', {
      method: 'POST',
      body: claim({
        email: 'rosa',
        address: { addr_line1: '', city: 'Chicago', state: 'Illinois', postal: '606' },
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email|Street|state|ZIP/);
    // a sentence per field, for the form to show beside each
    expect((bad.body as { fields?: unknown }).fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Enter an email address like you@example.com' },
        { field: 'address.addr_line1', message: 'Street address is required' },
        { field: 'address.state', message: 'Use the two-letter state, like IL' },
        { field: 'address.postal', message: 'Use a 5-digit ZIP code, like 60601' },
      ]),
    );
  });
});
