import { describe, expect, it } from 'vitest';
import {
  APP_USER_KEY,
  isAuthenticated,
  readStoredUser,
  storeUser,
  toSessionUser,
} from './session-user';

const record = {
  status: 'valid' as const,
  user_id: 7,
  user_name: 'noor.eats',
  display_name: 'Noor Haddad',
  user_level: 1,
  is_internal: false,
  vanity_url: 'noor.eats',
  avatar_url: '/media/avatars/noor.svg',
  email: 'noor@example.com',
};
const place = {
  clm_id: 41,
  clm_name: 'Taqueria Sol',
  clm_label: 'Tacos',
  clm_city: 'Chicago',
  clm_state: 'IL',
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the session user (spec §3)', () => {
  it('takes username from user_name, avatarUrl from avatar_url and businesses with clm_id', () => {
    expect(toSessionUser(record, [place])).toEqual({
      user_id: 7,
      username: 'noor.eats',
      display_name: 'Noor Haddad',
      user_level: 1,
      is_internal: false,
      vanity_url: 'noor.eats',
      avatarUrl: '/media/avatars/noor.svg',
      email: 'noor@example.com',
      businesses: [place],
    });
  });

  it('is authenticated exactly when it has a user_id', () => {
    expect(isAuthenticated(toSessionUser(record, []))).toBe(true);
    expect(isAuthenticated(null)).toBe(false);
    expect(isAuthenticated({ ...toSessionUser(record, []), user_id: 0 })).toBe(false);
  });

  it('is kept in session storage as appUser, and removed on sign-out', () => {
    const storage = memoryStorage();
    const user = toSessionUser(record, [place]);
    storeUser(storage, user);
    expect(JSON.parse(storage.items.get(APP_USER_KEY)!)).toEqual(user);
    expect(readStoredUser(storage)).toEqual(user);
    storeUser(storage, null);
    expect(storage.items.has(APP_USER_KEY)).toBe(false);
    expect(readStoredUser(storage)).toBeNull();
  });

  it('reads a damaged or foreign copy as nobody, and survives blocked storage', () => {
    const storage = memoryStorage();
    storage.items.set(APP_USER_KEY, '{not json');
    expect(readStoredUser(storage)).toBeNull();
    storage.items.set(APP_USER_KEY, JSON.stringify({ username: 'x' }));
    expect(readStoredUser(storage)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readStoredUser(blocked)).toBeNull();
    expect(() => storeUser(blocked, toSessionUser(record, []))).not.toThrow();
  });
});
