import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../contract/cookies';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { clearSiteCookie, setSiteCookie, siteCookie, type SiteCookies } from '../cookies';
const TOUCH_AFTER_MS = 10 * 60 * 1000;
/** The session cookie's attributes: set and cleared with the same ones. */
const SESSION_COOKIE_ATTRIBUTES = { httpOnly: true, sameSite: 'lax' } as const;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionStore {
  /** A new opaque token for `userId`: only its hash is stored. */
  create(userId: number): Promise<{ token: string; expiresAt: Date }>;
  /** The signed-in user of a token still inside its idle and absolute lifetimes. */
  lookup(token: string): Promise<{ userId: number } | null>;
  destroy(token: string): Promise<void>;
}

/**
 * Sessions (docs/decisions/014-accounts.md): an absolute lifetime from sign-in and an idle
 * lifetime from the last use; use refreshes the idle clock at most every ten minutes.
 */
export function createSessionStore(
  db: Database,
  lifetimes: { idleMs: number; maxMs: number },
): SessionStore {
  return {
    async create(userId) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + lifetimes.maxMs);
      await db.insert(sessions).values({ tokenHash: hash(token), userId, expiresAt });
      return { token, expiresAt };
    },
    async lookup(token) {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const now = Date.now();
      const [row] = await db
        .select({ id: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(
          and(
            eq(sessions.tokenHash, hash(token)),
            gt(sessions.expiresAt, new Date(now)),
            gt(sessions.lastSeenAt, new Date(now - lifetimes.idleMs)),
          ),
        )
        .limit(1);
      if (!row) return null;
      if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS)
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(sessions.id, row.id));
      return { userId: row.userId };
    },
    async destroy(token) {
      await db.delete(sessions).where(eq(sessions.tokenHash, hash(token)));
    },
  };
}

/** The session cookie a request carries (`__Host-auth_token` on secure hosts, server/cookies.ts). */
export const sessionCookie = (request: FastifyRequest): string | undefined =>
  siteCookie(request, SESSION_COOKIE);

/** The session token a request carries: the session cookie, else the Auth-Token header. */
export function sessionToken(request: FastifyRequest): string | null {
  const cookie = sessionCookie(request);
  if (cookie) return cookie;
  const header = request.headers['auth-token'];
  return typeof header === 'string' && header ? header : null;
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  secure: boolean,
) {
  setSiteCookie(reply, secure, SESSION_COOKIE, token, {
    ...SESSION_COOKIE_ATTRIBUTES,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  clearSiteCookie(reply, secure, SESSION_COOKIE, SESSION_COOKIE_ATTRIBUTES);
}

/**
 * Clears the session cookie through a read's cookies, when the request sent one (an expired or
 * revoked session's cookie goes, so the browser stops sending it).
 */
export function clearStaleSessionCookie(cookies: SiteCookies) {
  if (cookies.get(SESSION_COOKIE)) cookies.clear(SESSION_COOKIE, SESSION_COOKIE_ATTRIBUTES);
}

/** The signed-in user of a session token (a read's `sessionToken`), or null. */
export async function sessionUserId(
  store: SessionStore,
  token: string | null,
): Promise<number | null> {
  if (!token) return null;
  return (await store.lookup(token))?.userId ?? null;
}

/** The signed-in user of a request (session cookie or Auth-Token header), or null. */
export const signedInUserId = (store: SessionStore, request: FastifyRequest) =>
  sessionUserId(store, sessionToken(request));
