import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { environmentForHost } from '../contract/environment';
import type { Config } from './config';
import { HttpError } from './http-errors';

/** The cookie and header of the double-submit CSRF check (spec §7: token read from a cookie, sent in a header). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** API answers carry no active content; the web app sets its own policy (server/web.ts). */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Cookies of sign-in and sessions are Secure everywhere but on local hosts (plain-HTTP development). */
export const secureCookies = (request: FastifyRequest, config: Config) =>
  environmentForHost(request.headers.host, config.hosts) !== 'local';

/** Sets the CSRF cookie when the visitor has none; returns the token in force. */
export function ensureCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  return token;
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
function securityHeaders(request: FastifyRequest, config: Config): [string, string][] {
  const headers: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-resource-policy', 'same-site'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  if (environmentForHost(request.headers.host, config.hosts) !== 'local')
    headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export const securityPlugin = fp<{ config: Config }>(async (app, { config }) => {
  // Set on the raw response first, so answers written past Fastify (the bundled identity
  // provider's, after `reply.hijack()`) carry them too; a route's own policy wins over the
  // default one.
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of securityHeaders(request, config)) reply.raw.setHeader(name, value);
    reply.raw.setHeader(
      'content-security-policy',
      request.url.startsWith('/idp/') ? IDP_CSP : API_CSP,
    );
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Only when the hook above did not run (a request refused before it, say).
    if (!reply.raw.hasHeader('x-content-type-options'))
      for (const [name, value] of securityHeaders(request, config)) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', API_CSP);
    return payload;
  });

  // A state-changing call that carries cookies must prove it comes from our pages: the
  // X-CSRFToken header equals the csrftoken cookie. Calls without cookies carry no ambient
  // authority to abuse (docs/decisions/009-security.md).
  // Exempt: the bundled identity provider (its own protocol and signed interaction cookies) and
  // the providers' form-post callback (bound to the browser by the flow cookie and `state`).
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    if (request.url.startsWith('/idp/') || /^\/auth\/[a-z]+\/callback(\?|$)/.test(request.url))
      return;
    // navigator.sendBeacon cannot add the header, so the event sink takes the browser's own
    // proof of same origin instead, which a cross-site page cannot fake (docs/decisions/017).
    if (
      request.method === 'POST' &&
      request.url.split('?')[0] === BEACON_PATH &&
      provenSameOrigin(request)
    )
      return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw new HttpError(
        403,
        'csrf_failed',
        `This request needs the ${CSRF_HEADER} header to match the ${CSRF_COOKIE} cookie`,
      );
    }
  });
});
