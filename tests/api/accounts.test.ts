import { describe, expect, it } from 'vitest';
import { signUpPayload } from '../../app/shared/auth/sign-in';
import type { SocialSignInUser } from '../../contract/accounts';
import { TEST_ACCOUNTS } from '../../server/auth/test-accounts';
import { api, csrfPair } from './client';
import { Browser, signInPopup, type PopupMessage } from './sign-in';

const andre = TEST_ACCOUNTS.find((a) => a.name === 'Andre Yilmaz')!;

/** spec §3's sign-up payload, built as the web app builds it. */
const signUpBody = (user: PopupMessage['user'], username: string) =>
  signUpPayload(user as unknown as SocialSignInUser, { username });

describe('sign-in through the bundled provider', () => {
  it('hands a returning person Spotreel ID token and provider user to the opener', async () => {
    const { message } = await signInPopup('google', { account: andre.subject });
    expect(message.type).toBe('spotreel:auth');
    expect(message.user).toMatchObject({
      displayName: 'Andre Yilmaz',
      email: 'andre.yilmaz@example.com',
      phoneNumber: '13125550101',
      providerId: andre.subject,
      providerType: 'google.com',
    });
    const me = await api<Record<string, unknown>>('/api/user/me', {
      method: 'POST',
      body: message.user,
      headers: { authorization: `Bearer ${message.idToken}` },
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ status: 'valid', user_id: 2 });
    const cookie = me.headers.getSetCookie().find((c) => c.startsWith('auth_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const token = me.headers.get('auth-token')!;
    const current = await api('/api/user/me', { headers: { 'auth-token': token } });
    expect(current.body).toMatchObject({ status: 'valid', user_id: 2 });

    const replay = await api('/api/user/me', {
      method: 'POST',
      body: message.user,
      headers: { authorization: `Bearer ${message.idToken}` },
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ message: 'This ID token was already used' });

    const out = await api('/api/user/sign-out', {
      method: 'POST',
      headers: { 'auth-token': token },
    });
    expect(out.body).toEqual({ status: 'signed_out' });
    const after = await api('/api/user/me', { headers: { 'auth-token': token } });
    expect(after.body).toEqual({ status: 'signed_out' });
  });

  it('clears the cookie of a session that ended, and only then', async () => {
    const stale = await api('/api/user/me', {
      headers: { cookie: 'auth_token=ended-session-0001' },
    });
    expect(stale.body).toEqual({ status: 'signed_out' });
    expect(stale.headers.get('set-cookie')).toMatch(/^auth_token=;.*Expires=Thu, 01 Jan 1970/);
    const none = await api('/api/user/me');
    expect(none.body).toEqual({ status: 'signed_out' });
    expect(none.headers.get('set-cookie')).toBeNull();
  });

  it('reports user_not_found for a new person, who then signs up with a valid username', async () => {
    const email = `new.${Date.now()}@example.com`;
    const { message } = await signInPopup('apple', { name: 'Nia Brooks', email });
    const auth = { authorization: `Bearer ${message.idToken}` };
    const me = await api('/api/user/me', { method: 'POST', body: message.user, headers: auth });
    expect(me.body).toEqual({ status: 'user_not_found' });

    const reserved = await api('/api/user/valid', { method: 'POST', body: { username: 'admin' } });
    expect(reserved.body).toMatchObject({ status: 'invalid', reason: 'reserved' });
    const taken = await api('/api/user/valid', { method: 'POST', body: { username: 'spotreel' } });
    expect(taken.body).toMatchObject({ status: 'invalid' });
    const username = `nia${Date.now() % 100000}`;
    const free = await api('/api/user/valid', { method: 'POST', body: { username } });
    expect(free.body).toEqual({ status: 'valid', username });

    const signUp = signUpBody(message.user, username);
    const bad = await api('/api/user/register', {
      method: 'POST',
      body: { ...signUp, username: 'x' },
      headers: auth,
    });
    expect(bad.status).toBe(400);
    const created = await api('/api/user/register', {
      method: 'POST',
      body: signUp,
      headers: auth,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'valid', user_name: username, email });
    const again = await api('/api/user/register', { method: 'POST', body: signUp, headers: auth });
    expect(again.status).toBe(409);
  });

  it('stores the email, picture and name of the verified token, not those the browser sends', async () => {
    const email = `real.${Date.now()}@example.com`;
    const { message } = await signInPopup('google', { name: 'Real Person', email });
    const auth = { authorization: `Bearer ${message.idToken}` };
    const created = await api<Record<string, unknown>>('/api/user/register', {
      method: 'POST',
      headers: auth,
      body: {
        ...signUpBody(message.user, `real${Date.now() % 100000}`),
        displayName: 'Someone Else',
        email: 'ceo@example.com',
        photoUrl: 'https://attacker.example/face.jpg',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, display_name: 'Real Person' });
    expect(created.body.avatar_url).not.toContain('attacker.example');
  });

  it('refuses a replayed callback and a callback from another browser', async () => {
    const browser = new Browser();
    const picker = await browser.follow('/auth/facebook/start');
    const html = await picker.text();
    const action = /action="([^"]+\/login)"/.exec(html)![1]!;
    const account = TEST_ACCOUNTS.find((a) => a.provider === 'facebook')!;
    let response = await browser.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: account.subject }).toString(),
    });
    while (!response.headers.get('location')!.includes('/auth/facebook/callback'))
      response = await browser.fetch(response.headers.get('location')!);
    const callback = response.headers.get('location')!;
    const stranger = await new Browser().fetch(callback);
    expect(await stranger.text()).toContain('not started in this browser');
    const flowCookie = browser.cookies.get('auth_flow')!;
    const first = await browser.fetch(callback);
    expect(await first.text()).toContain('idToken');
    browser.cookies.set('auth_flow', flowCookie);
    const replay = await browser.fetch(callback);
    expect(await replay.text()).toContain('expired or was already used');
  });
});

describe('account calls refuse', () => {
  it('a signed-out save, a save for another user, and a write without the CSRF header', async () => {
    const signedOut = await api('/api/user/save', {
      method: 'POST',
      body: { user_id: 2, bio: 'x' },
    });
    expect(signedOut.status).toBe(401);

    const { message } = await signInPopup('google', { account: andre.subject });
    const me = await api('/api/user/me', {
      method: 'POST',
      body: message.user,
      headers: { authorization: `Bearer ${message.idToken}` },
    });
    const token = me.headers.get('auth-token')!;
    const other = await api('/api/user/save', {
      method: 'POST',
      body: { user_id: 3, bio: 'not mine' },
      headers: { 'auth-token': token },
    });
    expect(other.status).toBe(403);
    const own = await api('/api/user/save', {
      method: 'POST',
      body: { user_id: 2, bio: 'Tacos first.' },
      headers: { 'auth-token': token },
    });
    expect(own.body).toEqual({ status: 'valid' });
    const nothing = await api('/api/user/save', {
      method: 'POST',
      body: { user_id: 2 },
      headers: { 'auth-token': token },
    });
    expect(nothing.body).toEqual({ status: 'valid' });
    const takenName = await api('/api/user/save', {
      method: 'POST',
      body: { user_id: 2, username: 'spotreel' },
      headers: { 'auth-token': token },
    });
    expect(takenName.status).toBe(400);
    // The session as a cookie: the page's CSRF token must come back in the header.
    const csrf = await csrfPair();
    const sessionCookie = `auth_token=${token}; ${csrf.cookie}`;
    const noCsrf = await api('/api/user/save', {
      method: 'POST',
      body: { user_id: 2, bio: 'x' },
      headers: { cookie: sessionCookie },
    });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body).toMatchObject({ error: 'csrf_failed' });
    const withCsrf = await api('/api/user/save', {
      method: 'POST',
      body: { user_id: 2, bio: 'Tacos first.' },
      headers: { cookie: sessionCookie, 'x-csrftoken': csrf.token },
    });
    expect(withCsrf.body).toEqual({ status: 'valid' });
    const businesses = await api('/api/user/3/business-dashboard-locations', {
      headers: { 'auth-token': token },
    });
    expect(businesses.status).toBe(403);
    const mine = await api('/api/user/2/business-dashboard-locations', {
      headers: { 'auth-token': token },
    });
    // The seeded world: user 2 runs one place (db/seed/world.ts chooseBusinessOwners)
    expect(mine.status).toBe(200);
    const places = (mine.body as { business_dashboard_locations: { clm_id: number }[] })
      .business_dashboard_locations;
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ clm_id: expect.any(Number), clm_name: expect.any(String) });
  });
});

describe('the sign-in popup', () => {
  it("answers an unsupported provider with spec §8's text", async () => {
    const page = await new Browser().fetch('/auth/twitter/start');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Provider twitter not supported');
  });
});
