import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { signIn, signUpPayload, socialUserOf, suggestUsername } from './sign-in';

/** These paths end before any call to the server: a call fails the test. */
const noServer = createApiClient({
  baseUrl: '',
  fetch: () => Promise.reject(new Error('the server must not be called')),
  session: () => ({ deviceId: null, authToken: null, csrfToken: null }),
  appVersion: 'test',
  environment: 'local',
});

const providerUser = {
  displayName: 'Noor Haddad',
  email: 'noor@example.com',
  phoneNumber: '+13125550199',
  photoUrl: 'https://example.com/noor.jpg',
  providerId: '1082039447',
  providerType: 'google.com',
  serviceId: 'u_abc',
};

afterEach(() => vi.restoreAllMocks());

describe('sign-in (spec §4, §8)', () => {
  it("throws 'Provider {x} not supported' for an unknown provider, before any popup", async () => {
    const popup = vi.fn();
    await expect(signIn(noServer, 'twitter', popup)).rejects.toThrow(
      new Error('Provider twitter not supported'),
    );
    expect(popup).not.toHaveBeenCalled();
  });

  it("throws 'No user found' when the provider gives no user", async () => {
    await expect(
      signIn(noServer, 'google', async () => ({ idToken: 'token', user: null })),
    ).rejects.toThrow(new Error('No user found'));
    await expect(
      signIn(noServer, 'apple', async () => ({ idToken: null, user: providerUser })),
    ).rejects.toThrow(new Error('No user found'));
  });

  it('ends quietly (null) when the popup was closed', async () => {
    await expect(signIn(noServer, 'facebook', async () => null)).resolves.toBeNull();
  });

  it("logs a provider's failure to the console and re-throws it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('Facebook sign-in failed');
    await expect(
      signIn(noServer, 'facebook', async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(logged).toHaveBeenCalledWith('Facebook sign-in failed', failure);
  });
});

describe('the §3 payloads', () => {
  it('reads the social sign-in user, phone without its leading plus', () => {
    expect(socialUserOf(providerUser)).toEqual({ ...providerUser, phoneNumber: '13125550199' });
    expect(socialUserOf({ ...providerUser, phoneNumber: '' })).toMatchObject({ phoneNumber: null });
    expect(socialUserOf({ ...providerUser, providerType: 'twitter.com' })).toBeNull();
    expect(socialUserOf({ ...providerUser, serviceId: '' })).toBeNull();
    expect(socialUserOf('Noor')).toBeNull();
  });

  it('builds the sign-up payload: isNewUser true, makeConcierge false, extras merged', () => {
    const user = socialUserOf(providerUser)!;
    expect(signUpPayload(user, { username: 'noor.eats' })).toEqual({
      displayName: 'Noor Haddad',
      email: 'noor@example.com',
      isNewUser: true,
      makeConcierge: false,
      providerId: '1082039447',
      providerType: 'google.com',
      serviceId: 'u_abc',
      phoneNumber: '13125550199',
      photoUrl: 'https://example.com/noor.jpg',
      username: 'noor.eats',
    });
    const bare = signUpPayload(
      { ...user, phoneNumber: null, photoUrl: null },
      { username: 'n00r' },
    );
    expect(bare).not.toHaveProperty('phoneNumber');
    expect(bare).not.toHaveProperty('photoUrl');
  });

  it('suggests a username that fits the rules, or none', () => {
    expect(suggestUsername({ displayName: 'Noor Haddad', email: null })).toBe('noor.haddad');
    expect(suggestUsername({ displayName: 'Zoë  O’Brien-Smith', email: null })).toBe(
      'zoe.obrien.smith',
    );
    expect(
      suggestUsername({ displayName: null, email: 'r3t8w1n6bd@privaterelay.appleid.com' }),
    ).toBe('r3t8w1n6bd');
    expect(suggestUsername({ displayName: '42', email: null })).toBe('');
    expect(suggestUsername({ displayName: 'Admin', email: null })).toBe('');
    expect(suggestUsername({ displayName: null, email: null })).toBe('');
  });
});
