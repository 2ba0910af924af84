import { createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, {
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { idpPayloads } from '../../db/schema';
import type { Config, ProviderName } from '../config';
import { acceptFormPosts, escapeHtml } from '../html';
import { HttpError } from '../http-errors';
import { loopbackOnly } from '../loopback';
import { deleteExpiredIdpPayloads, idpAdapter } from './idp-store';
import { isProviderName, PROVIDERS } from './providers';
import { TEST_ACCOUNTS, typedAccount, type TestAccount } from './test-accounts';

/** The client id the federation uses at the bundled provider. */
export const LOCAL_CLIENT_ID = 'spotreel-local';
const CLAIMS = ['sub', 'name', 'email', 'email_verified', 'phone_number', 'picture'];

export interface LocalIdp {
  /** The issuer playing `name`, at the site's own origin (SITE_URL). */
  issuer(name: ProviderName): string;
  clientSecret: string;
}

const typedForm = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(80),
  email: z.string().trim().email('Enter an email address').max(200),
});

/** How long an account typed into the picker is remembered: its sign-in is over long before. */
const TYPED_ACCOUNT_TTL_MS = 60 * 60 * 1000;
const TYPED_MODEL = 'typed-account';

/**
 * The provider's secrets, the same on every replica (docs/decisions/039-replicas.md): derived
 * from AUTH_SECRET, else (development, tests: one process) made at random. The client secret
 * the federation presents, the cookie key of the provider's interaction cookies, and an ES256
 * signing key per played provider, whose private scalar is an HKDF output (below the curve's
 * order but for a chance of 2^-32, which the key import refuses loudly).
 */
function localIdpSecrets(secret: string | null) {
  const master = secret ?? randomBytes(32).toString('base64url');
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', master, 'spotreel-local-idp', info, 32));
  return {
    clientSecret: derive('client-secret').toString('base64url'),
    cookieKey: derive('cookie-key').toString('base64url'),
    signingKey(name: ProviderName) {
      const d = derive(`signing-key:${name}`);
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(d);
      const point = ecdh.getPublicKey();
      return {
        kty: 'EC',
        crv: 'P-256',
        d: d.toString('base64url'),
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      };
    },
  };
}

/**
 * The bundled identity provider (docs/decisions/014-accounts.md): one `oidc-provider` per
 * provider name at /idp/{google,facebook,apple}, with the test accounts of test-accounts.ts and
 * a small account picker, so sign-in works on a fresh machine with no network. Development and
 * tests only: off as soon as a real provider is configured, and in production unless named
 * (LOCAL_IDP=on, docs/decisions/022-production-conveniences.md).
 */
export async function registerLocalIdp(
  app: FastifyInstance,
  config: Config,
  db: Database,
): Promise<LocalIdp> {
  const secrets = localIdpSecrets(config.auth.secret);
  const { clientSecret, cookieKey } = secrets;
  const instances = new Map<ProviderName, Provider>();
  const issuer = (name: ProviderName) => `${config.siteUrl}/idp/${name}`;
  // Interactions, sessions, grants, codes and typed accounts are rows: a sign-in may hop
  // between replicas. Their expired rows go every ten minutes.
  const sweeper = setInterval(() => void deleteExpiredIdpPayloads(db).catch(() => {}), 600_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // Accounts typed into the picker, by subject, for an hour (a typed account is needed only
  // until its sign-in ends; typing it again brings it back).
  const rememberTyped = async (account: TestAccount) => {
    const row = {
      payload: account as unknown as Record<string, unknown>,
      expiresAt: new Date(Date.now() + TYPED_ACCOUNT_TTL_MS),
    };
    await db
      .insert(idpPayloads)
      .values({ model: TYPED_MODEL, id: account.subject, ...row })
      .onConflictDoUpdate({ target: [idpPayloads.model, idpPayloads.id], set: row });
  };
  const findTyped = async (subject: string) => {
    const [row] = await db
      .select({ payload: idpPayloads.payload })
      .from(idpPayloads)
      .where(
        and(
          eq(idpPayloads.model, TYPED_MODEL),
          eq(idpPayloads.id, subject),
          gt(idpPayloads.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row?.payload as TestAccount | undefined;
  };
  const findTestAccount = async (name: ProviderName, subject: string) => {
    const known = TEST_ACCOUNTS.find((a) => a.provider === name && a.subject === subject);
    if (known) return known;
    if (!subject.startsWith('typed-')) return undefined;
    const typed = await findTyped(subject);
    return typed?.provider === name ? typed : undefined;
  };

  function providerFor(name: ProviderName): Provider {
    let provider = instances.get(name);
    if (provider) return provider;
    const configuration: Configuration = {
      clients: [
        {
          client_id: LOCAL_CLIENT_ID,
          client_secret: clientSecret,
          redirect_uris: [`${config.siteUrl}/auth/${name}/callback`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
          id_token_signed_response_alg: 'ES256',
        },
      ],
      jwks: {
        keys: [{ ...secrets.signingKey(name), kid: `local-${name}`, alg: 'ES256', use: 'sig' }],
      },
      adapter: idpAdapter(db, name),
      cookies: { keys: [cookieKey] },
      scopes: ['openid', 'email', 'profile', 'phone', 'name'],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        // The test accounts' phone numbers come with the profile (no real provider's scopes ask for them).
        profile: ['name', 'picture', 'phone_number'],
        name: ['name'],
        phone: ['phone_number'],
      },
      // Put the person's claims in the ID token, as Google, Facebook and Apple do.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx, interaction) => `/idp/${name}/interaction/${interaction.uid}`,
        policy: promptPolicy(),
      },
      async findAccount(_ctx, subject) {
        const account = await findTestAccount(name, subject);
        if (!account) return undefined;
        return {
          accountId: subject,
          claims: () => ({
            sub: subject,
            name: account.name,
            email: account.email,
            email_verified: true,
            ...(account.phoneNumber ? { phone_number: account.phoneNumber } : {}),
            ...(account.picture ? { picture: account.picture } : {}),
          }),
        };
      },
      // A first-party client: no consent screen, the grant is made on the spot.
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client?.clientId;
        if (!accountId || !clientId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
        grant.addOIDCScope('openid email profile phone name');
        grant.addOIDCClaims(CLAIMS);
        await grant.save();
        return grant;
      },
      async renderError(ctx, out) {
        ctx.type = 'html';
        ctx.body = page(
          'Sign-in failed',
          `<p>${escapeHtml(String(out.error_description ?? out.error ?? 'Something went wrong'))}</p>`,
        );
      },
    };
    provider = new Provider(issuer(name), configuration);
    // Scheme and host come from X-Forwarded-* (set by atSite below, not by the caller).
    provider.proxy = true;
    instances.set(name, provider);
    return provider;
  }

  /**
   * oidc-provider writes its endpoints' URLs (the discovery document, redirects) from the
   * request's scheme and host. They are set to SITE_URL's here, whatever the request said, so a
   * caller's Host or X-Forwarded-Host never lands in the provider's answers.
   */
  const site = new URL(config.siteUrl);
  const atSite = (request: FastifyRequest) => {
    request.raw.headers['x-forwarded-host'] = site.host;
    request.raw.headers['x-forwarded-proto'] = site.protocol.slice(0, -1);
    return request.raw;
  };
  const nameOf = (request: FastifyRequest): ProviderName => {
    const { provider } = request.params as { provider: string };
    if (!isProviderName(provider)) throw new HttpError(404, 'not_found', 'No such provider');
    return provider;
  };

  function send(reply: FastifyReply, status: number, html: string) {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(html.replace('<style>', `<style nonce="${nonce}">`));
  }

  // The bundled provider is a development convenience, not the product's API: its routes are
  // kept out of the OpenAPI document (`hide`).
  await app.register(async (scope) => {
    scope.addHook('onRequest', loopbackOnly(config));
    acceptFormPosts(scope, 4096);

    scope.get(
      '/idp/:provider/interaction/:uid',
      { schema: { hide: true } },
      async (request, reply) => {
        const name = nameOf(request);
        const provider = providerFor(name);
        const details = await provider.interactionDetails(atSite(request), reply.raw);
        return send(reply, 200, accountPicker(name, details.uid));
      },
    );

    scope.post(
      '/idp/:provider/interaction/:uid/login',
      { schema: { hide: true } },
      async (request, reply) => {
        const name = nameOf(request);
        const provider = providerFor(name);
        await provider.interactionDetails(atSite(request), reply.raw);
        const body = (request.body ?? {}) as Record<string, string>;
        let account: TestAccount | undefined;
        if (body.account) {
          account = await findTestAccount(name, body.account);
        } else {
          const parsed = typedForm.safeParse(body);
          if (!parsed.success) {
            const { uid } = request.params as { uid: string };
            return send(
              reply,
              400,
              accountPicker(name, uid, {
                error: parsed.error.issues[0]?.message ?? 'Check the form',
                name: String(body.name ?? ''),
                email: String(body.email ?? ''),
              }),
            );
          }
          account = typedAccount(name, parsed.data.name, parsed.data.email);
          await rememberTyped(account);
        }
        if (!account) throw new HttpError(400, 'bad_request', 'Pick one of the accounts');
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          // Picking an account answers Google's `prompt=select_account` too.
          { login: { accountId: account.subject }, select_account: {} },
          { mergeWithLastSubmission: false },
        );
      },
    );

    scope.post(
      '/idp/:provider/interaction/:uid/abort',
      { schema: { hide: true } },
      async (request, reply) => {
        const provider = providerFor(nameOf(request));
        await provider.interactionDetails(atSite(request), reply.raw);
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });

  // Everything else under /idp/{name} is the provider's own protocol (discovery, authorize,
  // token, JWKS, userinfo). It reads its own bodies, so they are left unread here.
  await app.register(async (scope) => {
    scope.addHook('onRequest', loopbackOnly(config));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const passOn = async (request: FastifyRequest, reply: FastifyReply) => {
      const name = nameOf(request);
      const provider = providerFor(name);
      const prefix = `/idp/${name}`;
      const raw = atSite(request) as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(prefix.length) || '/';
      reply.hijack();
      await provider.callback()(raw, reply.raw);
    };
    // Reads and writes apart, so each spends its own budget (server/rate-limits.ts).
    for (const method of [
      ['GET', 'HEAD', 'OPTIONS'],
      ['POST', 'PUT', 'PATCH', 'DELETE'],
    ])
      scope.route({ method, url: '/idp/:provider/*', schema: { hide: true }, handler: passOn });
  });

  return { clientSecret, issuer };
}

/** The default prompts plus Google's `select_account`, which always shows the account picker. */
function promptPolicy() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  return policy;
}

function accountPicker(
  name: ProviderName,
  uid: string,
  typed?: { error: string; name: string; email: string },
): string {
  const label = PROVIDERS[name].label;
  const accounts = TEST_ACCOUNTS.filter((a) => a.provider === name)
    .map(
      (a) => `<li><form method="post" action="/idp/${name}/interaction/${escapeHtml(uid)}/login">
  <input type="hidden" name="account" value="${escapeHtml(a.subject)}">
  <button type="submit" class="account"><span class="avatar" aria-hidden="true">${escapeHtml(a.name.charAt(0))}</span>
  <span><strong>${escapeHtml(a.name)}</strong><br><small>${escapeHtml(a.email)} · ${escapeHtml(a.note)}</small></span></button>
</form></li>`,
    )
    .join('\n');
  return page(
    `Choose an account — ${label}`,
    `<p class="lead">to continue to <strong>Spotreel</strong></p>
<ul class="accounts">${accounts}</ul>
<details${typed ? ' open' : ''}><summary>Use another account</summary>
<form method="post" action="/idp/${name}/interaction/${escapeHtml(uid)}/login" class="typed">
  ${typed ? `<p class="error" role="alert">${escapeHtml(typed.error)}</p>` : ''}
  <label>Name <input name="name" autocomplete="name" required maxlength="80" value="${escapeHtml(typed?.name ?? '')}"></label>
  <label>Email <input name="email" type="email" autocomplete="email" required maxlength="200" value="${escapeHtml(typed?.email ?? '')}"></label>
  <button type="submit" class="primary">Continue</button>
</form></details>
<form method="post" action="/idp/${name}/interaction/${escapeHtml(uid)}/abort"><button type="submit" class="link">Cancel</button></form>
<p class="fine">Local ${label} test sign-in bundled with Spotreel for development. No real account is used.</p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f5f8;color:#15131c;display:grid;place-items:start center;min-height:100vh}
main{box-sizing:border-box;background:#fff;margin:32px 0;padding:28px 24px;border-radius:16px;width:min(380px,calc(100vw - 32px));box-shadow:0 2px 12px rgba(21,19,28,.08)}
h1{font-size:22px;margin:0 0 4px}.lead{margin:0 0 16px;color:#5c5868}
ul{list-style:none;margin:0 0 12px;padding:0}li+li{margin-top:8px}
.account{display:flex;gap:12px;align-items:center;width:100%;text-align:left;padding:10px 12px;border:1px solid #e3e1e8;border-radius:12px;background:#fff;font:inherit;cursor:pointer}
.account:hover,.account:focus-visible{border-color:#7a3cff;outline:none;background:#f7f2ff}
.account>span{min-width:0;overflow-wrap:anywhere}.avatar{flex:none;width:36px;height:36px;border-radius:50%;background:#7a3cff;color:#fff;display:grid;place-items:center;font-weight:700}
small{color:#5c5868}summary{cursor:pointer;color:#5a1fd6;font-weight:600;margin:8px 0}
.typed label{display:block;margin:8px 0;font-size:14px}.typed input{display:block;width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #c9c6d1;border-radius:8px;font:inherit}
.primary{margin-top:8px;padding:10px 16px;border:0;border-radius:999px;background:#7a3cff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.link{margin-top:12px;border:0;background:none;color:#5c5868;text-decoration:underline;font:inherit;cursor:pointer;padding:0}
.error{color:#b3261e}.fine{margin:16px 0 0;font-size:13px;color:#5c5868}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
