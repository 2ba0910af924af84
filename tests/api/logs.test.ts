import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { TEST_ACCOUNTS } from '../../server/auth/test-accounts';
import { api, baseUrl } from './client';
import { VALID_ENTRIES } from './campaign-entries';
import { Browser, signInPopup } from './sign-in';

/** A browser that keeps every address it was sent to, redirects included. */
class RecordingBrowser extends Browser {
  visited: string[] = [];
  override async fetch(url: string, init: RequestInit = {}) {
    this.visited.push(url);
    const response = await super.fetch(url, init);
    const location = response.headers.get('location');
    if (location) this.visited.push(location);
    return response;
  }
}

/** The values of a parameter across addresses: an OAuth code or state, say. */
const valuesOf = (urls: string[], name: string) =>
  urls.flatMap((url) => new URL(url, baseUrl()).searchParams.getAll(name)).filter(Boolean);

/**
 * The server's whole log, at every level (tests/api/global-setup.ts writes it), holds no email,
 * phone number, OAuth code or state, or token of what a person did (issue 36).
 */
describe('the log', () => {
  it('keeps no personal data or secret of a sign-in, a claim, a duplicate entry or searches', async () => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const email = `leak.${tag}@example.org`;
    const phone = { typed: '+1 (312) 555-0199', digits: '3125550199' };
    const secrets: string[] = [email, email.toUpperCase(), encodeURIComponent(email)];

    // a sign-in through the bundled provider: its code and state travel in the callback's URL
    const account = TEST_ACCOUNTS.find((a) => a.provider === 'google')!;
    const browser = new RecordingBrowser();
    const { message } = await signInPopup(account.provider, { account: account.subject }, browser);
    const me = await api('/api/user/me', {
      method: 'POST',
      body: message.user,
      headers: { authorization: `Bearer ${message.idToken}` },
    });
    expect(me.status).toBe(200);
    const codes = valuesOf(browser.visited, 'code');
    const states = valuesOf(browser.visited, 'state');
    expect(codes.length).toBeGreaterThan(0);
    expect(states.length).toBeGreaterThan(0);
    secrets.push(...codes, ...states, message.idToken!, me.headers.get('auth-token')!);

    // a claim, claimed again (409), and a campaign entry, entered again (409)
    const claim = {
      owner_name: 'Rosa Diaz',
      position: 'Owner',
      business_name: `Leak Check Bakery ${tag}`,
      address: { addr_line1: '12 Elm St', city: 'Chicago', state: 'il', postal: '60601' },
      email,
      phone: phone.typed,
    };
    for (const expected of [201, 409])
      expect((await api('/api/biz/claims', { method: 'POST', body: claim })).status).toBe(expected);
    const entry = VALID_ENTRIES['kygo-sweepstakes']!(email);
    for (const expected of [201, 409]) {
      const path = '/api/campaigns/kygo-sweepstakes/entries';
      expect((await api(path, { method: 'POST', body: entry })).status).toBe(expected);
    }

    // searches that carry them, as the API and as a page, however they are escaped
    for (const term of [email, phone.typed, phone.digits, `dinner ${email} ${phone.typed}`]) {
      const search = `/api/v2/search/wonder-search?search_type=global&term=${encodeURIComponent(term)}`;
      expect((await api(search)).status).toBe(200);
      const page = await fetch(`${baseUrl()}/?q=${encodeURIComponent(term).replace(/%20/g, '+')}`);
      expect(page.status).toBe(200);
    }
    // a bad value refused (400) still names no value
    expect(
      (await api(`/api/v2/search/wonder-search?limit=${phone.digits}&term=${email}`)).status,
    ).toBe(400);

    // what the stream has not written yet
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = await readFile(inject('logFile'), 'utf8');
    expect(log).toContain('request completed');
    for (const secret of [...secrets, phone.digits, '555-0199', '555 0199'])
      expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
  });
});
