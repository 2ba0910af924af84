import { describe, expect, it } from 'vitest';
import { VALID_ENTRIES as VALID } from './campaign-entries';
import { api } from './client';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

type Refusal = { error: string; message: string; fields?: { field: string; message: string }[] };

describe('campaign forms', () => {
  for (const [campaign, body] of Object.entries(VALID)) {
    it(`${campaign}: takes a valid entry once; a duplicate is refused`, async () => {
      const email = `alex.${unique()}@example.com`;
      const first = await api(`/api/campaigns/${campaign}/entries`, {
        method: 'POST',
        body: body(email),
      });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        status: 'received',
        campaign,
        entry_id: expect.any(Number),
      });
      const again = await api<Refusal>(`/api/campaigns/${campaign}/entries`, {
        method: 'POST',
        body: body(email.toUpperCase()),
      });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('already_entered');
      expect(again.body.message).toContain('already');
    });

    it(`${campaign}: refuses bad input field by field, and keeps nothing of it`, async () => {
      const email = `alex.${unique()}@example.com`;
      const bad = await api<Refusal>(`/api/campaigns/${campaign}/entries`, {
        method: 'POST',
        body: { ...body(email), full_name: ' ', email: 'alex' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual(
        expect.arrayContaining([
          { field: 'full_name', message: 'Your full name is required' },
          { field: 'email', message: 'Enter an email address like you@example.com' },
        ]),
      );
      // nothing was stored: the same person can still enter
      const good = await api(`/api/campaigns/${campaign}/entries`, {
        method: 'POST',
        body: body(email),
      });
      expect(good.status).toBe(201);
    });
  }

  it('the giveaway: 18 or older, a U.S. state, the rules accepted', async () => {
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const answer = await api<Refusal>('/api/campaigns/kygo-sweepstakes/entries', {
      method: 'POST',
      body: {
        ...VALID['kygo-sweepstakes']!(`teen.${unique()}@example.com`),
        birth_date: seventeen,
        state: 'ZZ',
        accept_rules: false,
      },
    });
    expect(answer.status).toBe(400);
    const fields = Object.fromEntries((answer.body.fields ?? []).map((f) => [f.field, f.message]));
    expect(fields).toMatchObject({
      birth_date: 'You must be 18 or older to enter',
      state: 'Choose the state you live in',
      accept_rules: 'Accept the official rules to enter',
    });
  });

  it('a creator names a handle and links a sample; a scholarship essay has substance', async () => {
    const creator = await api<Refusal>('/api/campaigns/creators/entries', {
      method: 'POST',
      body: {
        ...VALID.creators!(`c.${unique()}@example.com`),
        instagram: '',
        sample_links: ['not a link'],
      },
    });
    expect(creator.status).toBe(400);
    const creatorFields = Object.fromEntries(
      (creator.body.fields ?? []).map((f) => [f.field, f.message]),
    );
    expect(creatorFields['sample_links.0']).toBe('Each sample must be a link, like https://…');
    const noHandle = await api<Refusal>('/api/campaigns/creators/entries', {
      method: 'POST',
      body: { ...VALID.creators!(`c.${unique()}@example.com`), instagram: '' },
    });
    expect(noHandle.body.fields).toEqual([
      {
        field: 'instagram',
        message: 'Add your Instagram or TikTok handle so we can see your work',
      },
    ]);
    const short = await api<Refusal>('/api/campaigns/scholarship/entries', {
      method: 'POST',
      body: {
        ...VALID.scholarship!(`s.${unique()}@example.com`),
        essay: 'Short.',
        branch: 'Pirates',
      },
    });
    const shortFields = Object.fromEntries(
      (short.body.fields ?? []).map((f) => [f.field, f.message]),
    );
    expect(shortFields).toMatchObject({
      essay: 'Tell us a little more: at least 200 characters',
      branch: 'Choose your branch of service',
    });
  });

  it('there is no form for the rules page or an unknown campaign', async () => {
    expect(
      (await api('/api/campaigns/kygo-sweepstakes-rules/entries', { method: 'POST', body: {} }))
        .status,
    ).toBe(404);
    expect((await api('/api/campaigns/nope/entries', { method: 'POST', body: {} })).status).toBe(
      404,
    );
  });
});
