import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { describeJoseError, IdTokenError } from './id-tokens';

/** Signature algorithms accepted from identity providers: asymmetric only (no `none`, no HMAC). */
export const PROVIDER_ALGORITHMS = ['RS256', 'ES256', 'PS256'];

export interface ProviderTokenChecks {
  /** The provider's signing keys (its JWKS). */
  keys: JWTVerifyGetKey;
  issuer: string;
  /** Our client id at the provider. */
  audience: string;
  /** The nonce this sign-in sent in its authorization request. */
  nonce: string;
  currentDate?: Date;
}

/**
 * Verifies an identity provider's ID token ourselves, whatever the token endpoint's transport
 * promised: signature from the provider's JWKS with an algorithm allowlist, `iss`, `aud`, `exp`
 * and this sign-in's `nonce`.
 */
export async function verifyProviderIdToken(
  idToken: string,
  checks: ProviderTokenChecks,
): Promise<JWTPayload & { sub: string }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, checks.keys, {
      issuer: checks.issuer,
      audience: checks.audience,
      algorithms: PROVIDER_ALGORITHMS,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: checks.currentDate,
    }));
  } catch (error) {
    throw new IdTokenError(describeJoseError(error));
  }
  if (payload.nonce !== checks.nonce)
    throw new IdTokenError("The ID token's nonce does not belong to this sign-in");
  return payload as JWTPayload & { sub: string };
}
