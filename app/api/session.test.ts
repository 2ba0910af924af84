import { describe, expect, it } from 'vitest';
import {
  AUTH_TOKEN_COOKIE,
  CSRF_COOKIE,
  DEVICE_ID_COOKIE,
  DEVICE_ID_KEY,
  ensureDeviceId,
  newDeviceId,
  readCookie,
  readSiteCookie,
} from './session';

/** A tiny in-memory stand-in for local storage. */
function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

const brokenStorage = {
  getItem: (): string | null => {
    throw new Error('SecurityError: storage is disabled');
  },
  setItem: (): void => {
    throw new Error('QuotaExceededError');
  },
};

const counter = () => {
  let calls = 0;
  const random = () => {
    calls += 1;
    return `random${calls}`;
  };
  return { random, calls: () => calls };
};

describe('names (spec §3, §7, §9)', () => {
  it('uses the spec and server names', () => {
    expect(DEVICE_ID_KEY).toBe('deviceId');
    expect(DEVICE_ID_COOKIE).toBe('device_id');
    expect(AUTH_TOKEN_COOKIE).toBe('auth_token');
    expect(CSRF_COOKIE).toBe('csrftoken');
  });
});

describe('readCookie', () => {
  const header = 'csrftoken=abc123; device_id=web-42; auth_token=tok.en; empty=';

  it('reads each cookie by name', () => {
    expect(readCookie(header, 'csrftoken')).toBe('abc123');
    expect(readCookie(header, 'device_id')).toBe('web-42');
    expect(readCookie(header, 'auth_token')).toBe('tok.en');
  });

  it('returns null for a missing cookie or header', () => {
    expect(readCookie(header, 'missing')).toBeNull();
    expect(readCookie('', 'csrftoken')).toBeNull();
    expect(readCookie(null, 'csrftoken')).toBeNull();
    expect(readCookie(undefined, 'csrftoken')).toBeNull();
  });

  it('returns an empty string for an empty value', () => {
    expect(readCookie(header, 'empty')).toBe('');
  });

  it('matches whole names, case-sensitively', () => {
    expect(readCookie('xcsrftoken=1; csrftoken2=2', 'csrftoken')).toBeNull();
    expect(readCookie('CSRFTOKEN=1', 'csrftoken')).toBeNull();
    expect(readCookie('a=1;csrftoken=2', 'csrftoken')).toBe('2');
  });

  it('trims the spaces around names and values', () => {
    expect(readCookie('  a = 1 ;  csrftoken =  xyz  ', 'csrftoken')).toBe('xyz');
  });

  it('takes the first of repeated cookies', () => {
    expect(readCookie('auth_token=first; auth_token=second', 'auth_token')).toBe('first');
  });

  it('keeps = signs inside the value', () => {
    expect(readCookie('auth_token=a=b==', 'auth_token')).toBe('a=b==');
  });

  it('decodes URL-encoded values and strips quotes', () => {
    expect(readCookie('name=caf%C3%A9%20bar', 'name')).toBe('café bar');
    expect(readCookie('name="quoted value"', 'name')).toBe('quoted value');
  });

  it('keeps a malformed escape as sent', () => {
    expect(readCookie('name=100%', 'name')).toBe('100%');
  });

  it('skips pairs without =', () => {
    expect(readCookie('flag; csrftoken=1', 'flag')).toBeNull();
    expect(readCookie('flag; csrftoken=1', 'csrftoken')).toBe('1');
  });
});

describe('readSiteCookie (docs/decisions/025-csrf-tokens.md)', () => {
  const header = 'csrftoken=plain; __Host-csrftoken=prefixed; device_id=web-1';

  it('reads the __Host- name in every environment but local', () => {
    for (const environment of ['production', 'sandbox', 'unknown'] as const)
      expect(readSiteCookie(header, 'csrftoken', environment), environment).toBe('prefixed');
    // no bare-name fallback where the prefix is the rule: anyone's subdomain can set that one
    expect(readSiteCookie(header, 'device_id', 'production')).toBeNull();
  });

  it('reads the bare name on local hosts (plain HTTP)', () => {
    expect(readSiteCookie(header, 'csrftoken', 'local')).toBe('plain');
    expect(readSiteCookie(header, 'device_id', 'local')).toBe('web-1');
  });
});

describe('newDeviceId (spec §3)', () => {
  it("prefixes the random id with 'web-'", () => {
    expect(newDeviceId(() => '3f2a')).toBe('web-3f2a');
  });
});

describe('ensureDeviceId (spec §3)', () => {
  it('keeps the id local storage already has', () => {
    const storage = fakeStorage({ deviceId: 'web-stored' });
    const { random, calls } = counter();
    expect(ensureDeviceId(storage, 'web-cookie', random)).toBe('web-stored');
    expect(storage.items.get('deviceId')).toBe('web-stored');
    expect(calls()).toBe(0);
  });

  it("adopts the cookie's 'web-…' id when storage is empty, and stores it", () => {
    const storage = fakeStorage();
    const { random, calls } = counter();
    expect(ensureDeviceId(storage, 'web-from-cookie', random)).toBe('web-from-cookie');
    expect(storage.items.get('deviceId')).toBe('web-from-cookie');
    expect(calls()).toBe(0);
  });

  it('makes, stores and then keeps a new id when there is neither', () => {
    const storage = fakeStorage();
    const { random, calls } = counter();
    expect(ensureDeviceId(storage, null, random)).toBe('web-random1');
    expect(storage.items.get('deviceId')).toBe('web-random1');
    expect(ensureDeviceId(storage, null, random)).toBe('web-random1');
    expect(calls()).toBe(1);
  });

  it.each(['', 'web-', 'abc', 'ios-123', 'WEB-123', 'web-a b', 'web-a\r\nX-Evil: 1', 'web-é'])(
    'does not adopt the cookie value %j',
    (cookie) => {
      const storage = fakeStorage();
      expect(ensureDeviceId(storage, cookie, () => 'fresh')).toBe('web-fresh');
      expect(storage.items.get('deviceId')).toBe('web-fresh');
    },
  );

  it('adopts a UUID-style cookie id', () => {
    const id = 'web-0b7f1c2e-4a5d-4e8f-9a1b-2c3d4e5f6a7b';
    expect(ensureDeviceId(fakeStorage(), id, () => 'x')).toBe(id);
  });

  it('treats an empty stored value as no id', () => {
    const storage = fakeStorage({ deviceId: '' });
    expect(ensureDeviceId(storage, null, () => 'new')).toBe('web-new');
    expect(storage.items.get('deviceId')).toBe('web-new');
  });

  it('uses the deviceId key only', () => {
    const storage = fakeStorage({ device_id: 'web-other' });
    expect(ensureDeviceId(storage, null, () => 'new')).toBe('web-new');
    expect([...storage.items.keys()].sort()).toEqual(['deviceId', 'device_id']);
  });

  it('still gives an id when storage throws', () => {
    expect(ensureDeviceId(brokenStorage, 'web-cookie', () => 'x')).toBe('web-cookie');
    expect(ensureDeviceId(brokenStorage, null, () => 'x')).toBe('web-x');
  });
});
