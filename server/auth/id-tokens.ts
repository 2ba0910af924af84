import { createPrivateKey, createPublicKey, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
} from 'jose';

/**
 * Spotreel's own short-lived ID token (docs/decisions/014-accounts.md): issued by /auth after a
 * provider sign-in, sent by the web app to POST /api/user/me. EdDSA keys rotate every day; each
 * day's key is derived from the master secret, so every replica signs and verifies alike with
 * nothing stored. The JWKS publishes yesterday's, today's and tomorrow's public keys.
 */
export const ID_TOKEN_AUDIENCE = 'spotreel-web';
export const ID_TOKEN_TTL_SECONDS = 10 * 60;
const ROTATION_MS = 24 * 3600 * 1000;
const ALGORITHM = 'EdDSA';
// PKCS #8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** What a provider told us about the person (spec §3 social sign-in user, before the payload). */
export interface ProviderUser {
  /** The auth user uid: the serviceId of spec §3. */
  uid: string;
  /** The provider id string, e.g. google.com. */
  providerType: string;
  /** The provider's user id. */
  providerUserId: string;
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  photoUrl: string | null;
}

export interface VerifiedIdToken {
  user: ProviderUser;
  jti: string;
  expiresAt: Date;
}

export class IdTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdTokenError';
  }
}

export interface IdTokenService {
  issue(user: ProviderUser): Promise<string>;
  verify(token: string): Promise<VerifiedIdToken>;
  jwks(): JSONWebKeySet;
}

export function createIdTokenService(options: {
  secret: string | null;
  issuer: string;
  now?: () => number;
}): IdTokenService {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const now = options.now ?? Date.now;
  const keys = new Map<number, { privateKey: ReturnType<typeof createPrivateKey>; jwk: JWK }>();

  function keyFor(period: number) {
    let key = keys.get(period);
    if (!key) {
      const seed = Buffer.from(
        hkdfSync('sha256', secret, 'spotreel-id-token', `period:${period}`, 32),
      );
      const privateKey = createPrivateKey({
        key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
        format: 'der',
        type: 'pkcs8',
      });
      const jwk = {
        ...(createPublicKey(privateKey).export({ format: 'jwk' }) as JWK),
        kid: `sr-${period}`,
        alg: ALGORITHM,
        use: 'sig',
      };
      key = { privateKey, jwk };
      keys.set(period, key);
      for (const old of keys.keys()) if (old < period - 2) keys.delete(old);
    }
    return key;
  }

  const period = () => Math.floor(now() / ROTATION_MS);

  function jwks(): JSONWebKeySet {
    const current = period();
    return { keys: [current - 1, current, current + 1].map((p) => keyFor(p).jwk) };
  }

  return {
    jwks,
    async issue(user) {
      const current = period();
      const seconds = Math.floor(now() / 1000);
      return new SignJWT({
        name: user.displayName,
        email: user.email,
        phone_number: user.phoneNumber,
        picture: user.photoUrl,
        provider_type: user.providerType,
        provider_user_id: user.providerUserId,
      })
        .setProtectedHeader({ alg: ALGORITHM, kid: `sr-${current}`, typ: 'JWT' })
        .setIssuer(options.issuer)
        .setAudience(ID_TOKEN_AUDIENCE)
        .setSubject(user.uid)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + ID_TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(keyFor(current).privateKey);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, createLocalJWKSet(jwks()), {
          issuer: options.issuer,
          audience: ID_TOKEN_AUDIENCE,
          algorithms: [ALGORITHM],
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp', 'iat', 'jti', 'provider_type', 'provider_user_id'],
          maxTokenAge: ID_TOKEN_TTL_SECONDS + 60,
        });
        const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
        return {
          jti: payload.jti!,
          expiresAt: new Date(payload.exp! * 1000),
          user: {
            uid: payload.sub!,
            providerType: text(payload.provider_type)!,
            providerUserId: text(payload.provider_user_id)!,
            displayName: text(payload.name),
            email: text(payload.email),
            phoneNumber: text(payload.phone_number),
            photoUrl: text(payload.picture),
          },
        };
      } catch (error) {
        throw new IdTokenError(describeJoseError(error));
      }
    },
  };
}

/** A short reason a token was refused, for the 401 body and the log. */
export function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The ID token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The ID token's ${error.claim} claim is not accepted`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return "The ID token's signature does not verify";
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return "The ID token's algorithm is not accepted";
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "The ID token's key is not known";
  if (error instanceof joseErrors.JOSEError) return `The ID token is not valid (${error.code})`;
  return 'The ID token is not valid';
}
