import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteTarget } from '../../contract/routes';
import { api, baseUrl } from './client';
import { sessionOf } from './sign-in';

/**
 * A renamed creator's old profile address moves to the new one (issue 38,
 * docs/decisions/079-former-usernames.md); a name somebody else takes later is theirs.
 */
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';

const profile = (name: string) =>
  fetch(`${baseUrl()}/users/${name}`, {
    redirect: 'manual',
    headers: { 'user-agent': DESKTOP, accept: 'text/html' },
  });

/** Whom `/api/v2/routes/{name}` names as a user: their id and their address's name. */
async function named(name: string) {
  const answer = await api<RouteTarget>(`/api/v2/routes/${name}?target_type=user`);
  expect(answer.status, name).toBe(200);
  return answer.body.targetType === 'user'
    ? { id: answer.body.targetId, vanity: answer.body.target.vanity_url }
    : null;
}

async function rename(token: string, userId: number, username: string) {
  const saved = await api('/api/user/save', {
    method: 'POST',
    body: { user_id: userId, username },
    headers: { 'auth-token': token },
  });
  expect(saved.body, username).toEqual({ status: 'valid' });
}

let grace: string; // user 4
let andre: string; // user 2
const original = new Map<number, string>();
const unique = (prefix: string) => `${prefix}${Date.now() % 1_000_000}`;

beforeAll(async () => {
  [grace, andre] = await Promise.all([sessionOf('Grace Fontaine'), sessionOf('Andre Yilmaz')]);
  for (const id of [2, 4]) {
    const user = await api<{ user_name: string }>(`/api/v2/users/${id}`);
    original.set(id, user.body.user_name);
  }
});

afterAll(async () => {
  // Other files know these two by their seeded names.
  await rename(andre, 2, original.get(2)!);
  await rename(grace, 4, original.get(4)!);
});

describe('a renamed creator', () => {
  it('moves their old address to the new one (301), and the API names them by it', async () => {
    const before = original.get(4)!;
    const after = unique('grace');
    await rename(grace, 4, after);
    const old = await profile(before);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/users/${after}`);
    expect((await profile(after)).status).toBe(200);
    expect(await named(before)).toEqual({ id: 4, vanity: after });
    expect(await named(`@${before.toUpperCase()}`)).toEqual({ id: 4, vanity: after });
  });

  it('gives an old name to whoever takes it, and to the last person who left it', async () => {
    const graces = original.get(4)!; // Grace left it in the test above
    await rename(andre, 2, graces);
    expect((await profile(graces)).status).toBe(200);
    expect(await named(graces)).toEqual({ id: 2, vanity: graces });
    const andres = unique('andre');
    await rename(andre, 2, andres);
    const old = await profile(graces);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/users/${andres}`);
  });

  it('still answers 404 for a name nobody ever had', async () => {
    expect((await profile(unique('nobody'))).status).toBe(404);
  });
});
