import { generateKeyPairSync } from 'node:crypto';
import { base64url, createLocalJWKSet, exportJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { createIdTokenService, ID_TOKEN_TTL_SECONDS, type ProviderUser } from './id-tokens';
import { verifyProviderIdToken } from './provider-id-token';

const person: ProviderUser = {
  uid: 'u_1',
  providerType: 'google.com',
  providerUserId: '1082',
  displayName: 'Maya Lopez',
  email: 'maya@example.com',
  phoneNumber: null,
  photoUrl: null,
};

describe("Spotreel's ID token", () => {
  const issuer = 'https://spotreel.app/auth';

  it('verifies what it issued, across a key rotation', async () => {
    let now = Date.UTC(2026, 10, 21, 23, 58);
    const service = createIdTokenService({ secret: 's'.repeat(32), issuer, now: () => now });
    const token = await service.issue(person);
    now += 5 * 60 * 1000; // the next day's key is now current
    const verified = await service.verify(token);
    expect(verified.user).toEqual(person);
  });

  it('refuses a bad signature, another issuer, an expired token and alg none', async () => {
    const service = createIdTokenService({ secret: 's'.repeat(32), issuer });
    const token = await service.issue(person);
    const [head, body, signature] = token.split('.');
    const flipped = `${head}.${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await expect(service.verify(flipped)).rejects.toThrow(/signature/);

    const other = createIdTokenService({ secret: 'o'.repeat(32), issuer });
    await expect(other.verify(token)).rejects.toThrow(/signature|key/);

    const elsewhere = createIdTokenService({
      secret: 's'.repeat(32),
      issuer: 'https://evil.example/auth',
    });
    await expect(elsewhere.verify(token)).rejects.toThrow(/iss/);

    const later = createIdTokenService({
      secret: 's'.repeat(32),
      issuer,
      now: () => Date.now() + (ID_TOKEN_TTL_SECONDS + 5) * 1000,
    });
    await expect(later.verify(token)).rejects.toThrow(/expired|iat/);

    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${body}.`;
    await expect(service.verify(none)).rejects.toThrow();
  });
});

describe("a provider's ID token", () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const issuer = 'https://accounts.example';
  const checks = async () => ({
    keys: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' } as JWK] }),
    issuer,
    audience: 'spotreel-client',
    nonce: 'n-123',
  });
  const sign = (claims: Record<string, unknown>, key = privateKey) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: issuer,
      aud: 'spotreel-client',
      sub: '1082',
      iat: now,
      exp: now + 300,
      nonce: 'n-123',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .sign(key);
  };

  it('is accepted with the right key, issuer, audience and nonce', async () => {
    const claims = await verifyProviderIdToken(await sign({}), await checks());
    expect(claims.sub).toBe('1082');
  });

  it('is refused with a bad signature, wrong iss or aud, expired, alg none or another nonce', async () => {
    const c = await checks();
    await expect(verifyProviderIdToken(await sign({}, attacker), c)).rejects.toThrow(/signature/);
    await expect(
      verifyProviderIdToken(await sign({ iss: 'https://evil.example' }), c),
    ).rejects.toThrow(/iss/);
    await expect(verifyProviderIdToken(await sign({ aud: 'someone-else' }), c)).rejects.toThrow(
      /aud/,
    );
    const old = Math.floor(Date.now() / 1000) - 3600;
    await expect(verifyProviderIdToken(await sign({ iat: old - 60, exp: old }), c)).rejects.toThrow(
      /expired/,
    );
    const [, body] = (await sign({})).split('.');
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', kid: 'k1' }))}.${body}.`;
    await expect(verifyProviderIdToken(none, c)).rejects.toThrow();
    await expect(verifyProviderIdToken(await sign({ nonce: 'replayed' }), c)).rejects.toThrow(
      /nonce/,
    );
  });
});
