import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DISTINCT_ID_COOKIE, DISTINCT_ID_PATTERN } from '../contract/analytics';
import {
  cookieName,
  CSRF_COOKIE,
  CSRF_HEADER,
  DEVICE_ID_COOKIE,
  secureCookiesIn,
} from '../contract/cookies';
import { environmentForHost } from '../contract/environment';
import type { Config } from './config';
import { ensureIdCookie, setSiteCookie, siteCookie } from './cookies';
import { HttpError } from './http-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's CSRF tokens (docs/decisions/025-csrf-tokens.md). */
    readonly csrfTokens: CsrfTokens;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** API answers carry no active content; the web app sets its own policy (server/web.ts). */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Equal texts, compared in constant time (for texts of one length). */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Cookies are Secure (and `__Host-` named) everywhere but on local hosts, plain-HTTP development
 * (contract/cookies.ts). Decided on the host the page's public config takes its environment from
 * (server/web.ts), so the page's script looks for the names the server set.
 */
export const secureCookies = (request: FastifyRequest, config: Config) =>
  secureCookiesIn(environmentForHost(request.host, config.hosts));

/**
 * The server's CSRF tokens (docs/decisions/025-csrf-tokens.md): `<nonce>.<mac>`, where the mac
 * is HMAC-SHA256 over the device id and a random nonce, under a key derived from AUTH_SECRET.
 * Only this server can make one, and one made for a device id holds for that id alone.
 */
export interface CsrfTokens {
  issue(deviceId: string): string;
  /** Whether `token` is one this server issued for `deviceId`. */
  verify(token: string, deviceId: string): boolean;
}

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function createCsrfTokens(secret: string | null): CsrfTokens {
  // Without AUTH_SECRET (development, tests) each process makes its own key, and a restart
  // makes the pages' tokens stale: the refusal hands out new ones (below).
  const key = Buffer.from(
    hkdfSync('sha256', secret ?? randomBytes(32), 'spotreel-csrf-token', 'v1', 32),
  );
  const mac = (deviceId: string, nonce: string) =>
    createHmac('sha256', key).update(`${deviceId}\n${nonce}`).digest('base64url');
  return {
    issue(deviceId) {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${mac(deviceId, nonce)}`;
    },
    verify(token, deviceId) {
      const parts = TOKEN_SHAPE.exec(token);
      return parts !== null && sameText(parts[2]!, mac(deviceId, parts[1]!));
    },
  };
}

/**
 * Receipts of business claims (docs/decisions/031-addresses-and-statuses.md):
 * `<claim id>.<mark>`, the mark HMAC-SHA256 over the id under a key derived from AUTH_SECRET.
 * The claimer gets one with their claim; claim-business/complete confirms only the claim a
 * receipt names, so a made-up address confirms nothing.
 */
export interface ClaimReceipts {
  issue(claimId: number): string;
  /** The claim id `receipt` names, when this server made it; null otherwise. */
  claimIdOf(receipt: string): number | null;
}

export function createClaimReceipts(secret: string | null): ClaimReceipts {
  // Without AUTH_SECRET (development, tests) each process makes its own key: a restart makes
  // the receipts it gave out name nothing (the claims themselves stay stored).
  const key = Buffer.from(
    hkdfSync('sha256', secret ?? randomBytes(32), 'spotreel-claim-receipt', 'v1', 32),
  );
  const mark = (claimId: number) =>
    createHmac('sha256', key).update(`claim:${claimId}`).digest('base64url');
  return {
    issue: (claimId) => `${claimId}.${mark(claimId)}`,
    claimIdOf(receipt) {
      const parts = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(receipt);
      if (!parts) return null;
      const claimId = Number(parts[1]);
      return sameText(parts[2]!, mark(claimId)) ? claimId : null;
    },
  };
}

/** The device id cookie of the request, when it has an id's shape. */
function deviceIdOf(request: FastifyRequest): string | null {
  const value = siteCookie(request, DEVICE_ID_COOKIE);
  return value && DISTINCT_ID_PATTERN.test(value) ? value : null;
}

/**
 * What a page's script needs for its writes, set when missing or no longer right: the device id
 * (spec §3) and a CSRF token bound to it. A token of another device id (the id was missing,
 * malformed or replaced, or the key changed) is replaced by a new one.
 */
export function ensureCsrfCookies(request: FastifyRequest, reply: FastifyReply) {
  const deviceId = ensureIdCookie(request, reply, DEVICE_ID_COOKIE, 'web-');
  const tokens = request.server.csrfTokens;
  const existing = siteCookie(request, CSRF_COOKIE);
  if (existing && tokens.verify(existing, deviceId)) return;
  setSiteCookie(reply, request.cookiesSecure, CSRF_COOKIE, tokens.issue(deviceId), {
    sameSite: 'lax',
    httpOnly: false,
  });
}

/**
 * Every cookie a page's script needs, set when missing: the device id and its CSRF token, and
 * the analytics distinct id (spec §3), whose value this answers. A page a shared cache may keep
 * sets none of them (docs/decisions/070-pages-a-shared-cache-can-hold.md): its script asks
 * GET /api/cookies for them instead.
 */
export function ensureSiteCookies(request: FastifyRequest, reply: FastifyReply): string {
  ensureCsrfCookies(request, reply);
  return ensureIdCookie(request, reply, DISTINCT_ID_COOKIE, '');
}

/**
 * Whether a state-changing call proves it comes from our pages: its X-CSRFToken header equals
 * its CSRF cookie, and is a token this server issued for its device id cookie.
 */
function csrfProven(request: FastifyRequest): boolean {
  const header = request.headers[CSRF_HEADER];
  const cookie = siteCookie(request, CSRF_COOKIE);
  const deviceId = deviceIdOf(request);
  return (
    typeof header === 'string' &&
    cookie !== undefined &&
    deviceId !== null &&
    sameText(cookie, header) &&
    request.server.csrfTokens.verify(header, deviceId)
  );
}

/** The first-party event sink (server/api/events.ts), which pages call with navigator.sendBeacon. */
const BEACON_PATH = '/api/events';

/**
 * Whether the browser says the request comes from our own pages. Browsers set Sec-Fetch-Site
 * and Origin themselves and pages cannot forge them; where Sec-Fetch-Site is sent it decides,
 * otherwise (older browsers) the Origin's host must be the host the request was sent to.
 */
function provenSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host === request.host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The bundled identity provider's own answers (discovery, keys, authorization, the form post
 * back to the callback) are written by oidc-provider straight to the response. It adds the hash
 * of its one inline script (the form post's auto-submit) to `script-src` when a policy has one.
 */
const IDP_CSP =
  "default-src 'none'; script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The headers every answer carries (the content security policy aside). */
const EVERY_ANSWER = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-site',
  // geolocation for our own pages only: the results page's distance sort (ADR 036)
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
});
/** …and served anywhere but on a local host, HSTS too. */
const EVERY_REMOTE_ANSWER = Object.freeze({
  ...EVERY_ANSWER,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
});

/**
 * Whether the route's answer may be written past Fastify: the bundled identity provider's
 * (`reply.hijack()`, server/auth/local-idp.ts). Headers meant for every answer go on its raw
 * response; everywhere else on Fastify's reply, which Node then writes in one `writeHead`
 * (docs/decisions/050-request-pipeline-cost.md). By the route matched, not the URL as sent: a
 * path can spell `/idp/` with percent escapes.
 */
export const answeredPastFastify = (request: FastifyRequest) =>
  request.routeOptions.url?.startsWith('/idp/') === true;

function securityHeaders(request: FastifyRequest, config: Config) {
  return environmentForHost(request.headers.host, config.hosts) === 'local'
    ? EVERY_ANSWER
    : EVERY_REMOTE_ANSWER;
}

export const securityPlugin = fp<{ config: Config }>(async (app, { config }) => {
  app.decorateRequest('cookiesSecure', {
    getter(this: FastifyRequest) {
      return secureCookies(this, config);
    },
  });
  app.decorate('csrfTokens', createCsrfTokens(config.auth.secret));

  // On Fastify's reply, which writes them with the answer's own headers in one go; a route's own
  // policy replaces the default one. The bundled identity provider's answers are written past
  // Fastify (`reply.hijack()`): theirs go on the raw response.
  app.addHook('onRequest', (request, reply, done) => {
    const headers = securityHeaders(request, config);
    if (answeredPastFastify(request)) {
      for (const name in headers) reply.raw.setHeader(name, headers[name as keyof typeof headers]);
      reply.raw.setHeader('content-security-policy', IDP_CSP);
    } else reply.headers(headers).header('content-security-policy', API_CSP);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Only when the hook above did not run (a request refused before it, say).
    if (!reply.hasHeader('x-content-type-options')) reply.headers(securityHeaders(request, config));
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', API_CSP);
    // A cookie is one browser's: no shared cache (a CDN, nginx) may keep it for the next one.
    if (
      reply.hasHeader('set-cookie') &&
      !/private|no-store/.test(String(reply.getHeader('cache-control') ?? ''))
    )
      reply.header('cache-control', 'private, no-cache');
    done(null, payload);
  });

  // A state-changing call that carries cookies must prove it comes from our pages: the
  // X-CSRFToken header equals the CSRF cookie and is a token this server signed for the
  // device id cookie (docs/decisions/025-csrf-tokens.md). Calls without cookies carry no ambient
  // authority to abuse (docs/decisions/009-security.md).
  // Exempt: the bundled identity provider (its own protocol and signed interaction cookies) and
  // the providers' form-post callback (bound to the browser by the flow cookie and `state`).
  app.addHook('onRequest', (request, reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.headers.cookie) return done();
    if (request.url.startsWith('/idp/') || /^\/auth\/[a-z]+\/callback(\?|$)/.test(request.url))
      return done();
    // navigator.sendBeacon cannot add the header, so the event sink takes the browser's own
    // proof of same origin instead, which a cross-site page cannot fake (docs/decisions/017).
    if (
      request.method === 'POST' &&
      request.url.split('?')[0] === BEACON_PATH &&
      provenSameOrigin(request)
    )
      return done();
    if (csrfProven(request)) return done();
    // A refusal of our own page's call carries a good device id and token, so a page whose
    // token went stale (a new device id, a restart without AUTH_SECRET) can read the cookie
    // again and retry once (app/api/client.ts). Only then: a cross-site form post must not
    // replace a visitor's device id and token.
    if (provenSameOrigin(request)) ensureCsrfCookies(request, reply);
    const cookie = cookieName(CSRF_COOKIE, request.cookiesSecure);
    const message = `This request needs the ${CSRF_HEADER} header: the token of the ${cookie} cookie a page of this site set`;
    done(
      new HttpError(403, 'csrf_failed', message, [
        {
          field: `headers.${CSRF_HEADER}`,
          message: `Send the ${cookie} cookie's value, as set by a page of this site for this device.`,
        },
      ]),
    );
  });
});
