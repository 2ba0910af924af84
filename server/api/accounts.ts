import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppUserRecord,
  BusinessDashboardLocations,
  SaveBody,
  SignedOut,
  SignUpBody,
  SocialSignInUser,
  UserNotFound,
  ValidAnswer,
  ValidBody,
} from '../../contract/accounts';
import { ErrorBody, NumericId } from '../../contract/common';
import { USERNAME_MESSAGES, usernameProblem, type UsernameProblem } from '../../contract/username';
import type { Database } from '../../db/client';
import {
  authIdentities,
  businessOwners,
  cities,
  formerUsernames,
  locations,
  spentTokens,
  users,
} from '../../db/schema';
import { IdTokenError, type IdTokenService, type VerifiedIdToken } from '../auth/id-tokens';
import {
  clearSessionCookie,
  clearStaleSessionCookie,
  sessionToken,
  sessionUserId,
  setSessionCookie,
  signedInUserId,
  type SessionStore,
} from '../auth/sessions';
import { HttpError } from '../http-errors';
import { secureCookies } from '../security';
import type { MediaUrls } from '../media/urls';
import type { ApiRoutes } from './context';
import { privateAnswer } from './read-route';

export interface AccountServices {
  sessions: SessionStore;
  idTokens: IdTokenService;
}

const authErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
} as const;

const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);
const usernameRefused = (problem: UsernameProblem) =>
  new HttpError(400, `username_${problem}`, USERNAME_MESSAGES[problem]);

/**
 * The unique index a PostgreSQL unique_violation (23505) broke, as pg and PGlite report it
 * through Drizzle ('' when the error names none), or null for any other error.
 */
function uniqueViolationOf(error: unknown): string | null {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** The name or vanity URL was taken between the check and the write. */
const USERNAME_INDEXES = new Set(['users_username_lower_idx', 'users_vanity_url_lower_idx']);

/**
 * A write to users broke a unique index: the name was taken meanwhile (the name's own
 * refusal), or another sign-up with the same email won the race (409: asked again, the email
 * is then known taken and the account is made without it).
 */
export function refusalForUniqueViolation(error: unknown): HttpError | null {
  const index = uniqueViolationOf(error);
  if (index === null) return null;
  if (index === 'users_email_lower_idx')
    return new HttpError(
      409,
      'conflict',
      'Another sign-up with this email happened at the same moment. Please try again.',
    );
  return USERNAME_INDEXES.has(index) || index === '' ? usernameRefused('taken') : null;
}

/** The user record the web app turns into its session user (spec §3). */
async function appUser(
  db: Database,
  media: MediaUrls,
  userId: number,
): Promise<AppUserRecord | null> {
  const [row] = await db
    .select({
      user_id: users.id,
      user_name: users.username,
      display_name: users.displayName,
      user_level: users.userLevel,
      is_internal: users.isInternal,
      vanity_url: users.vanityUrl,
      avatar_url: users.avatarUrl,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { status: 'valid', ...row, avatar_url: media.asset(row.avatar_url) } : null;
}

async function checkUsername(
  db: Database,
  username: string,
  exceptUserId: number | null,
): Promise<UsernameProblem | null> {
  const problem = usernameProblem(username);
  if (problem) return problem;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return taken ? 'taken' : null;
}

/**
 * The names a rename leaves (its old username and vanity url), so that their profile address
 * moves to the new one; a name left before by someone else now moves to this user (ADR 079).
 */
async function keepFormerNames(db: Database, userId: number, old: string[], now: string) {
  const left = [...new Set(old.map((name) => name.toLowerCase()))].filter(
    (name) => name !== now.toLowerCase(),
  );
  if (left.length === 0) return;
  await db
    .insert(formerUsernames)
    .values(left.map((nameKey) => ({ nameKey, userId })))
    .onConflictDoUpdate({
      target: formerUsernames.nameKey,
      set: { userId, leftAt: sql`now()` },
    });
}

/** spec §3 + §7: every /api/user/* call of sign-in, sign-up, profile and the dashboard list. */
export const accountRoutes =
  (services: AccountServices): ApiRoutes =>
  (ctx) =>
  async (app) => {
    const { db, config } = ctx;

    async function bearer(request: FastifyRequest): Promise<VerifiedIdToken> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw unauthorized('Send the ID token as Authorization: Bearer <token>');
      try {
        return await services.idTokens.verify(token);
      } catch (error) {
        throw unauthorized(
          error instanceof IdTokenError ? error.message : 'The ID token is not valid',
        );
      }
    }

    /** The payload must describe the person the token vouches for. */
    function sameIdentity(
      verified: VerifiedIdToken,
      body: { providerId: string; providerType: string; serviceId: string },
    ) {
      const { user } = verified;
      if (
        body.serviceId !== user.uid ||
        body.providerId !== user.providerUserId ||
        body.providerType !== user.providerType
      )
        throw new HttpError(403, 'identity_mismatch', 'The payload does not match the ID token');
    }

    /** Spends the token's jti: a token signs in once (a replay is refused). */
    async function spend(tx: Database, verified: VerifiedIdToken) {
      await tx.delete(spentTokens).where(sql`${spentTokens.expiresAt} < now()`);
      const inserted = await tx
        .insert(spentTokens)
        .values({ jti: verified.jti, expiresAt: verified.expiresAt })
        .onConflictDoNothing()
        .returning({ jti: spentTokens.jti });
      if (!inserted.length) throw unauthorized('This ID token was already used');
    }

    async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
      const { token, expiresAt } = await services.sessions.create(userId);
      setSessionCookie(reply, token, expiresAt, secureCookies(request, config));
      reply.header('auth-token', token);
    }

    const currentUserId = (request: FastifyRequest) => signedInUserId(services.sessions, request);

    ctx.reads.register(
      app,
      'me',
      {
        schema: {
          tags: ['user'],
          summary: 'The signed-in user of this session (cookie or Auth-Token header)',
          response: { 200: z.union([AppUserRecord, SignedOut]) },
        },
      },
      async (_input, scope) => {
        const userId = await sessionUserId(services.sessions, scope.sessionToken);
        const user = userId === null ? null : await appUser(db, ctx.media, userId);
        if (user) return user;
        // An expired or revoked session's cookie goes, so the browser stops sending it.
        clearStaleSessionCookie(scope.cookies);
        return { status: 'signed_out' as const };
      },
      privateAnswer,
    );

    app.post(
      '/user/me',
      {
        schema: {
          tags: ['user'],
          summary: "Signs in with Spotreel's ID token (bearer) and the social sign-in user",
          body: SocialSignInUser,
          response: { 200: z.union([AppUserRecord, UserNotFound]), ...authErrors },
        },
      },
      async (request, reply) => {
        const verified = await bearer(request);
        sameIdentity(verified, request.body);
        const [identity] = await db
          .select({ userId: authIdentities.userId })
          .from(authIdentities)
          .where(eq(authIdentities.uid, verified.user.uid))
          .limit(1);
        if (!identity?.userId) return { status: 'user_not_found' as const };
        const userId = identity.userId;
        await db.transaction((tx) => spend(tx, verified));
        await startSession(request, reply, userId);
        return (await appUser(db, ctx.media, userId))!;
      },
    );

    app.post(
      '/user/register',
      {
        schema: {
          tags: ['user'],
          summary: 'Signs up: registers the app user of the sign-up payload and signs them in',
          body: SignUpBody,
          response: { 201: AppUserRecord, ...authErrors },
        },
      },
      async (request, reply) => {
        const verified = await bearer(request);
        const body = request.body;
        sameIdentity(verified, body);
        const userId = await db.transaction(async (tx) => {
          // Locks this person's identity row: two sign-ups of one person cannot both pass.
          const [identity] = await tx
            .select({ userId: authIdentities.userId })
            .from(authIdentities)
            .where(eq(authIdentities.uid, verified.user.uid))
            .for('update')
            .limit(1);
          if (!identity) throw unauthorized('Sign in with the provider again');
          if (identity.userId)
            throw new HttpError(
              409,
              'already_registered',
              'This account is already signed up: sign in instead',
            );
          const problem = await checkUsername(tx, body.username, null);
          if (problem) throw usernameRefused(problem);
          await spend(tx, verified);
          // Identity facts come from the verified ID token, never from the payload: the browser
          // could send anyone's email or picture (the payload's own copies are not read).
          const facts = verified.user;
          const email = facts.email?.toLowerCase() ?? null;
          const [emailTaken] = email
            ? await tx
                .select({ id: users.id })
                .from(users)
                .where(sql`lower(${users.email}) = ${email}`)
                .limit(1)
            : [];
          let created: { id: number } | undefined;
          try {
            [created] = await tx
              .insert(users)
              .values({
                username: body.username,
                displayName: facts.displayName?.trim() || body.username,
                vanityUrl: body.username,
                avatarUrl: facts.photoUrl ?? '',
                email: emailTaken ? null : email,
                userLevel: 1,
                isInternal: false,
              })
              .returning({ id: users.id });
          } catch (error) {
            // Another sign-up took the name (or the email) between the check and the insert.
            throw refusalForUniqueViolation(error) ?? error;
          }
          await tx
            .update(authIdentities)
            .set({ userId: created!.id })
            .where(eq(authIdentities.uid, verified.user.uid));
          return created!.id;
        });
        await startSession(request, reply, userId);
        return reply.code(201).send((await appUser(db, ctx.media, userId))!);
      },
    );

    app.post(
      '/user/valid',
      {
        schema: {
          tags: ['user'],
          summary: 'Checks a username: the rules, reserved words and whether it is free',
          body: ValidBody,
          response: { 200: ValidAnswer, ...authErrors },
        },
      },
      async (request) => {
        const { username } = request.body;
        const problem = await checkUsername(db, username, await currentUserId(request));
        return problem
          ? {
              status: 'invalid' as const,
              username,
              reason: problem,
              message: USERNAME_MESSAGES[problem],
            }
          : { status: 'valid' as const, username };
      },
    );

    app.post(
      '/user/save',
      {
        schema: {
          tags: ['user'],
          summary: "Saves the signed-in user's profile",
          body: SaveBody,
          response: { 200: z.object({ status: z.literal('valid') }), ...authErrors },
        },
      },
      async (request) => {
        const userId = await currentUserId(request);
        if (userId === null) throw unauthorized('Sign in to save a profile');
        const body = request.body;
        if (body.user_id !== userId)
          throw new HttpError(403, 'forbidden', 'You can only change your own profile');
        if (body.username !== undefined) {
          const problem = await checkUsername(db, body.username, userId);
          if (problem) throw usernameRefused(problem);
        }
        const changes = {
          ...(body.username !== undefined
            ? { username: body.username, vanityUrl: body.username }
            : {}),
          ...(body.display_name !== undefined ? { displayName: body.display_name } : {}),
          ...(body.bio !== undefined ? { bio: body.bio } : {}),
        };
        if (Object.keys(changes).length === 0) return { status: 'valid' as const };
        try {
          await db.transaction(async (tx) => {
            const [before] = await tx
              .select({ username: users.username, vanityUrl: users.vanityUrl })
              .from(users)
              .where(eq(users.id, userId))
              .for('update');
            await tx
              .update(users)
              .set({ ...changes, updatedAt: sql`now()` })
              .where(eq(users.id, userId));
            if (before && body.username !== undefined)
              await keepFormerNames(tx, userId, [before.username, before.vanityUrl], body.username);
          });
        } catch (error) {
          throw refusalForUniqueViolation(error) ?? error;
        }
        await ctx.publicDataChanged();
        return { status: 'valid' as const };
      },
    );

    app.post(
      '/user/sign-out',
      {
        schema: {
          tags: ['user'],
          summary: 'Ends this session on the server and clears its cookie',
          response: { 200: SignedOut },
        },
      },
      async (request, reply) => {
        const token = sessionToken(request);
        if (token) await services.sessions.destroy(token);
        clearSessionCookie(reply, secureCookies(request, config));
        return { status: 'signed_out' as const };
      },
    );

    ctx.reads.register(
      app,
      'businessDashboardLocations',
      {
        schema: {
          tags: ['user'],
          summary: "The places a user runs (the session user's own only)",
          params: z.object({ userId: NumericId }),
          response: { 200: BusinessDashboardLocations, ...authErrors },
        },
      },
      async ({ params }, scope) => {
        const userId = await sessionUserId(services.sessions, scope.sessionToken);
        if (userId === null) throw unauthorized('Sign in to see your businesses');
        if (params.userId !== userId)
          throw new HttpError(403, 'forbidden', 'You can only see your own businesses');
        const rows = await db
          .select({
            clm_id: locations.id,
            clm_name: locations.name,
            clm_label: locations.label,
            clm_city: cities.name,
            clm_state: cities.state,
          })
          .from(businessOwners)
          .innerJoin(locations, eq(locations.id, businessOwners.locationId))
          .innerJoin(cities, eq(cities.id, locations.cityId))
          .where(eq(businessOwners.userId, userId))
          .orderBy(businessOwners.createdAt, locations.id);
        return { business_dashboard_locations: rows };
      },
      privateAnswer,
    );
  };
