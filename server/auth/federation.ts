import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';
import { SIGN_IN_FLOW_COOKIE } from '../../contract/cookies';
import { unstorableText } from '../../contract/storable';
import type { Database } from '../../db/client';
import { authFlows, authIdentities } from '../../db/schema';
import type { Config, ProviderName } from '../config';
import { clearSiteCookie, setSiteCookie, siteCookie } from '../cookies';
import { acceptFormPosts, escapeHtml } from '../html';
import { secureCookies } from '../security';
import { conveniencesAnswer } from '../loopback';
import type { IdTokenService, ProviderUser } from './id-tokens';
import { LOCAL_CLIENT_ID, type LocalIdp } from './local-idp';
import { verifyProviderIdToken } from './provider-id-token';
import { isProviderName, PROVIDERS } from './providers';

const FLOW_TTL_MS = 10 * 60 * 1000;
/** Apple answers with a cross-site form post, which only a SameSite=None (so Secure) cookie follows. */
const flowSameSite = (secure: boolean) => (secure ? ('none' as const) : ('lax' as const));
/** What the popup posts to the window that opened it. */
export const AUTH_MESSAGE_TYPE = 'spotreel:auth';

interface ProviderClient {
  config: oidc.Configuration;
  keys: JWTVerifyGetKey;
  issuer: string;
  clientId: string;
}

export interface FederationOptions {
  config: Config;
  db: Database;
  idTokens: IdTokenService;
  localIdp: LocalIdp | null;
}

/**
 * Identity federation at /auth (docs/decisions/014-accounts.md): the sign-in popup's
 * authorization-code flow with PKCE, state and nonce against Google, Facebook or Apple (or the
 * bundled provider playing them), our own check of the provider's ID token, then Spotreel's own
 * ID token handed to the opener window with a target-origin-checked postMessage.
 */
export async function registerFederation(app: FastifyInstance, options: FederationOptions) {
  const { config, db, idTokens, localIdp } = options;
  const clients = new Map<string, Promise<ProviderClient>>();

  function clientFor(name: ProviderName): Promise<ProviderClient> {
    const real = config.auth.providers[name];
    if (!real && !localIdp) throw new Error(`Provider ${name} not supported`);
    const issuer = real?.issuer ?? localIdp!.issuer(name);
    let client = clients.get(issuer);
    if (!client) {
      client = (async () => {
        const clientId = real?.clientId ?? LOCAL_CLIENT_ID;
        const secret = real?.clientSecret ?? localIdp!.clientSecret;
        const configuration = await oidc.discovery(
          new URL(issuer),
          clientId,
          undefined,
          oidc.ClientSecretBasic(secret),
          real ? undefined : { execute: [oidc.allowInsecureRequests] },
        );
        const jwksUri = configuration.serverMetadata().jwks_uri;
        if (!jwksUri) throw new Error(`${issuer} publishes no JWKS`);
        return {
          config: configuration,
          keys: createRemoteJWKSet(new URL(jwksUri)),
          issuer,
          clientId,
        };
      })();
      client.catch(() => clients.delete(issuer));
      clients.set(issuer, client);
    }
    return client;
  }

  function popupPage(reply: FastifyReply, origin: string, message: object, text: string) {
    const nonce = randomBytes(16).toString('base64');
    // JSON in a script: '<' escaped so no value can close the element.
    const payload = JSON.stringify({ type: AUTH_MESSAGE_TYPE, ...message }).replace(
      /</g,
      '\\u003c',
    );
    const target = JSON.stringify(origin).replace(/</g, '\\u003c');
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spotreel sign-in</title></head>
<body><p>${escapeHtml(text)}</p><script nonce="${nonce}">
if (window.opener) { window.opener.postMessage(${payload}, ${target}); window.close(); }
</script></body></html>`);
  }

  app.get('/auth/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(idTokens.jwks()),
  );

  app.get('/auth/:provider/start', async (request, reply) => {
    const { provider: name } = request.params as { provider: string };
    // Redirect URIs and the popup's postMessage target: the site's own origin, never the Host.
    const origin = config.siteUrl;
    // The bundled provider plays a provider for this machine only, when ADR 066 says so.
    const local = localIdp && conveniencesAnswer(request, config);
    if (!isProviderName(name) || (!config.auth.providers[name] && !local))
      return popupPage(
        reply,
        origin,
        { error: `Provider ${name} not supported` },
        `Provider ${name} not supported`,
      );
    let client: ProviderClient;
    try {
      client = await clientFor(name);
    } catch (error) {
      request.log.error({ err: error, provider: name }, 'identity provider unreachable');
      const message = `${PROVIDERS[name].label} sign-in is not available right now`;
      return popupPage(reply, origin, { error: message }, `${message}.`);
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const redirectUri = `${origin}/auth/${name}/callback`;
    // A flow lives FLOW_TTL_MS at most: each start lets go of the ones that expired (indexed by
    // age; every replica may do it, deleting twice is harmless).
    await db.delete(authFlows).where(lt(authFlows.createdAt, new Date(Date.now() - FLOW_TTL_MS)));
    await db.insert(authFlows).values({ state, provider: name, nonce, codeVerifier, redirectUri });
    const secure = secureCookies(request, config);
    // Path=/ (not /auth): a `__Host-` cookie may have no other, and only the prefix keeps a
    // sibling subdomain from planting a flow of its own (docs/decisions/025-csrf-tokens.md).
    setSiteCookie(reply, secure, SIGN_IN_FLOW_COOKIE, state, {
      httpOnly: true,
      sameSite: flowSameSite(secure),
      maxAge: FLOW_TTL_MS / 1000,
    });
    const { scope, params } = PROVIDERS[name];
    const url = oidc.buildAuthorizationUrl(client.config, {
      redirect_uri: redirectUri,
      scope,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...params,
      ...(name === 'apple' && config.auth.providers.apple ? { response_mode: 'form_post' } : {}),
    });
    return reply.redirect(url.href);
  });

  async function callback(request: FastifyRequest, reply: FastifyReply) {
    const { provider: name } = request.params as { provider: string };
    const origin = config.siteUrl;
    const fields =
      request.method === 'POST'
        ? ((request.body ?? {}) as Record<string, string>)
        : (request.query as Record<string, string>);
    const state = typeof fields.state === 'string' ? fields.state : '';
    const flowCookie = siteCookie(request, SIGN_IN_FLOW_COOKIE);
    const secure = secureCookies(request, config);
    clearSiteCookie(reply, secure, SIGN_IN_FLOW_COOKIE, {
      httpOnly: true,
      sameSite: flowSameSite(secure),
    });
    if (!isProviderName(name))
      return popupPage(
        reply,
        origin,
        { error: `Provider ${name} not supported` },
        'Unknown provider',
      );
    if (!state || flowCookie !== state) {
      return popupPage(
        reply,
        origin,
        { error: 'This sign-in was not started in this browser' },
        'This sign-in was not started in this browser.',
      );
    }
    // The flow is spent on first use: a replayed callback (same state and nonce) finds nothing.
    const [flow] = await db
      .update(authFlows)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(authFlows.state, state),
          eq(authFlows.provider, name),
          isNull(authFlows.consumedAt),
          gt(authFlows.createdAt, new Date(Date.now() - FLOW_TTL_MS)),
        ),
      )
      .returning();
    if (!flow) {
      return popupPage(
        reply,
        origin,
        { error: 'This sign-in has expired or was already used' },
        'This sign-in has expired or was already used.',
      );
    }
    if (fields.error) {
      const cancelled = fields.error === 'access_denied';
      return popupPage(
        reply,
        origin,
        cancelled
          ? { cancelled: true }
          : { error: `${PROVIDERS[name].label} sign-in failed: ${fields.error}` },
        cancelled ? 'Sign-in cancelled.' : 'Sign-in failed.',
      );
    }
    try {
      const client = await clientFor(name);
      const currentUrl = new URL(flow.redirectUri);
      for (const [key, value] of Object.entries(fields))
        if (typeof value === 'string') currentUrl.searchParams.set(key, value);
      const tokens = await oidc.authorizationCodeGrant(client.config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = await verifyProviderIdToken(tokens.id_token!, {
        keys: client.keys,
        issuer: client.issuer,
        audience: client.clientId,
        nonce: flow.nonce,
      });
      const user = await rememberIdentity(db, name, claims);
      const idToken = await idTokens.issue(user);
      return popupPage(
        reply,
        origin,
        { idToken, user: toSocialUser(user) },
        'Signed in. You can close this window.',
      );
    } catch (error) {
      request.log.warn({ err: error, provider: name }, 'provider sign-in failed');
      return popupPage(
        reply,
        origin,
        { error: `${PROVIDERS[name].label} sign-in failed` },
        'Sign-in failed.',
      );
    }
  }

  app.get('/auth/:provider/callback', callback);
  await app.register(async (scope) => {
    acceptFormPosts(scope, 16 * 1024);
    scope.post('/auth/:provider/callback', callback);
  });
}

/**
 * A text claim of a verified provider token as stored: a non-empty string of at most `max`
 * characters that the database can store (no NUL byte or lone surrogate, contract/storable.ts),
 * or null.
 */
function claimText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!text || text.length > max || unstorableText(text) !== null) return null;
  return text;
}

/**
 * A picture claim: an https URL, or null. Google's, Facebook's and Apple's pictures are https; an
 * http one would be mixed content on every page that shows the person.
 */
export function claimUrl(value: unknown): string | null {
  const text = claimText(value, 2000);
  if (!text) return null;
  try {
    return new URL(text).protocol === 'https:' ? text : null;
  } catch {
    return null;
  }
}

/** Finds or records the person behind a provider's `sub`; their uid is the serviceId. */
async function rememberIdentity(
  db: Database,
  name: ProviderName,
  claims: Record<string, unknown> & { sub: string },
): Promise<ProviderUser> {
  const details = {
    displayName: claimText(claims.name, 200),
    // An address the provider says it has not verified is not the person's to claim.
    email:
      claims.email_verified === false || claims.email_verified === 'false'
        ? null
        : claimText(claims.email, 320),
    phoneNumber: claimText(claims.phone_number, 32),
    photoUrl: claimUrl(claims.picture),
  };
  const [row] = await db
    .insert(authIdentities)
    .values({
      uid: `u_${randomUUID().replace(/-/g, '')}`,
      provider: name,
      subject: claims.sub,
      ...details,
    })
    .onConflictDoUpdate({
      target: [authIdentities.provider, authIdentities.subject],
      set: { ...details, lastSignInAt: sql`now()` },
    })
    .returning({ uid: authIdentities.uid });
  return {
    uid: row!.uid,
    providerType: PROVIDERS[name].type,
    providerUserId: claims.sub,
    ...details,
  };
}

/** spec §3: the social sign-in user (phone without its leading plus). */
export function toSocialUser(user: ProviderUser) {
  return {
    displayName: user.displayName,
    email: user.email,
    phoneNumber: user.phoneNumber ? user.phoneNumber.replace(/^\+/, '') : null,
    photoUrl: user.photoUrl,
    providerId: user.providerUserId,
    providerType: user.providerType,
    serviceId: user.uid,
  };
}
