import { randomUUID } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISTINCT_ID_PATTERN } from '../contract/analytics';
import { cookieName } from '../contract/cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether this request's cookies are Secure and `__Host-` named (contract/cookies.ts): on
     * every host but local ones. Decided by server/security.ts from the request's host, the
     * host the page's public config takes its environment from.
     */
    readonly cookiesSecure: boolean;
  }
}

const YEAR = 365 * 24 * 3600;

/** What a site cookie may choose: the rest (Path=/, no Domain, Secure) follows from the rule. */
export type SiteCookieOptions = Pick<
  CookieSerializeOptions,
  'httpOnly' | 'sameSite' | 'maxAge' | 'expires'
>;

/** The value of the site's cookie `name` in this request, under the name it goes by on this host. */
export const siteCookie = (request: FastifyRequest, name: string): string | undefined =>
  request.cookies[cookieName(name, request.cookiesSecure)];

/**
 * Sets the site's cookie `name`: `__Host-<name>`, Secure, Path=/ and no Domain, except on local
 * hosts (the bare name, not Secure) — the only shape a `__Host-` cookie may have.
 */
/**
 * How many cookies each answer was told to set or clear. @fastify/cookie writes them out in its
 * own onSend hook, so a handler cannot see them in the answer's headers yet: a page must know
 * whether it set one before it says whether a shared cache may keep it (server/web.ts).
 */
const cookieWrites = new WeakMap<FastifyReply, number>();

/** The cookies this answer has been told to set or clear so far (`setSiteCookie`, `clearSiteCookie`). */
export const siteCookieWrites = (reply: FastifyReply): number => cookieWrites.get(reply) ?? 0;

const countWrite = (reply: FastifyReply) =>
  void cookieWrites.set(reply, siteCookieWrites(reply) + 1);

export function setSiteCookie(
  reply: FastifyReply,
  secure: boolean,
  name: string,
  value: string,
  options: SiteCookieOptions,
) {
  countWrite(reply);
  reply.setCookie(cookieName(name, secure), value, { ...options, path: '/', secure });
}

/** Clears the site's cookie `name`, with the attributes a browser needs to accept that. */
export function clearSiteCookie(
  reply: FastifyReply,
  secure: boolean,
  name: string,
  options: Pick<SiteCookieOptions, 'httpOnly' | 'sameSite'>,
) {
  countWrite(reply);
  reply.clearCookie(cookieName(name, secure), { ...options, path: '/', secure });
}

/**
 * The site's cookies of one exchange: read from its request, set and cleared on its answer. What
 * a read may do with cookies (server/api/read-route.ts `ReadScope`), wherever it answers.
 */
export interface SiteCookies {
  get(name: string): string | undefined;
  set(name: string, value: string, options: SiteCookieOptions): void;
  clear(name: string, options: Pick<SiteCookieOptions, 'httpOnly' | 'sameSite'>): void;
}

export const siteCookiesOf = (request: FastifyRequest, reply: FastifyReply): SiteCookies => ({
  get: (name) => siteCookie(request, name),
  set: (name, value, options) => setSiteCookie(reply, request.cookiesSecure, name, value, options),
  clear: (name, options) => clearSiteCookie(reply, request.cookiesSecure, name, options),
});

/**
 * A long-lived id the browser keeps (spec §3 device id, the analytics distinct id): the one the
 * request carries when it has the distinct id's shape (8–80 letters, digits, - or _), else a new
 * one set for a year. Readable by the page's script.
 */
export function ensureIdCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  prefix: string,
): string {
  const existing = siteCookie(request, name);
  if (existing && DISTINCT_ID_PATTERN.test(existing)) return existing;
  const value = `${prefix}${randomUUID()}`;
  setSiteCookie(reply, request.cookiesSecure, name, value, {
    sameSite: 'lax',
    httpOnly: false,
    maxAge: YEAR,
  });
  return value;
}
