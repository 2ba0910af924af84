import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DISTINCT_ID_COOKIE,
  DISTINCT_ID_PATTERN,
  EventBatch,
  EventsStored,
  MyEvents,
  MyEventsQuery,
} from '../../contract/analytics';
import { CONSENT_COOKIE } from '../../contract/analytics-events';
import { cookieName } from '../../contract/cookies';
import { analyticsEvents } from '../../db/schema';
import { siteCookie } from '../cookies';
import { HttpError } from '../http-errors';
import { loopbackOnly } from '../loopback';
import { errorResponses, writeErrorResponses, type ApiRoutes } from './context';

/** The pages' clocks are not ours: a time further off than this is taken as "now". */
const OLDEST_MS = 24 * 3600 * 1000;
const NEWEST_MS = 5 * 60 * 1000;

/** When an event happened: the page's time, unless a day old or more than five minutes ahead. */
export function clampOccurredAt(occurredAt: string, now: Date): Date {
  const at = Date.parse(occurredAt);
  return at < now.getTime() - OLDEST_MS || at > now.getTime() + NEWEST_MS ? now : new Date(at);
}

/** The caller's analytics distinct id, from the cookie the pages keep it in. */
function distinctIdOf(request: FastifyRequest): string {
  const value = siteCookie(request, DISTINCT_ID_COOKIE);
  if (!value || !DISTINCT_ID_PATTERN.test(value))
    throw new HttpError(
      400,
      'no_distinct_id',
      `This call needs the ${cookieName(DISTINCT_ID_COOKIE, request.cookiesSecure)} cookie the pages set (8 to 80 letters, digits, - or _); load a page first.`,
    );
  return value;
}

/**
 * The first-party event sink (docs/decisions/017-flags-and-analytics.md): the pages' page views
 * and labelled clicks, kept in our database whatever third-party trackers run, and readable by
 * the person who sent them (and by tests) — never by anyone else.
 */
export const eventRoutes: ApiRoutes = (ctx) => async (app) => {
  app.post(
    '/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Stores a batch of analytics events from the pages (navigator.sendBeacon)',
        body: EventBatch,
        response: { 202: EventsStored, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const distinctId = distinctIdOf(request);
      // The pages send nothing before consent; the server holds the line too.
      if (ctx.config.analytics.consentRequired && siteCookie(request, CONSENT_COOKIE) !== 'granted')
        throw new HttpError(
          403,
          'no_consent',
          `Measurement needs the visitor's consent first (the ${cookieName(CONSENT_COOKIE, request.cookiesSecure)} cookie says granted).`,
        );
      const now = new Date();
      const rows = request.body.events.map((event) => ({
        name: event.name,
        label: event.label ?? null,
        distinctId,
        path: event.path,
        title: event.title ?? null,
        referrer: event.referrer ?? null,
        properties: event.properties ?? {},
        occurredAt: clampOccurredAt(event.occurredAt, now),
      }));
      await ctx.db.insert(analyticsEvents).values(rows);
      return reply.code(202).send({ status: 'ok' as const, stored: rows.length });
    },
  );

  // The distinct id is no secret (the trackers get it too), so reading events by it is for
  // development and tests: in production only a demo names it (EVENTS_MINE=on, ADR 022).
  if (!ctx.config.eventsMine) return;
  app.get(
    '/events/mine',
    {
      onRequest: loopbackOnly(ctx.config),
      schema: {
        tags: ['analytics'],
        summary:
          "Lists the caller's own analytics events (by the distinct_id cookie), newest first; not in production unless EVENTS_MINE=on",
        querystring: MyEventsQuery,
        response: { 200: MyEvents, ...errorResponses },
      },
    },
    async (request, reply) => {
      // One person's data: never kept by a browser or CDN (and not a public GET, so not cached).
      reply.header('cache-control', 'private, no-store');
      const distinctId = distinctIdOf(request);
      const { limit, name } = request.query;
      const rows = await ctx.db
        .select()
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.distinctId, distinctId),
            name ? eq(analyticsEvents.name, name) : undefined,
          ),
        )
        .orderBy(desc(analyticsEvents.id))
        .limit(limit);
      return {
        distinct_id: distinctId,
        events: rows.map((row) => ({
          id: row.id,
          name: row.name,
          label: row.label,
          path: row.path,
          title: row.title,
          referrer: row.referrer,
          properties: row.properties,
          occurred_at: row.occurredAt.toISOString(),
          received_at: row.receivedAt.toISOString(),
        })),
      };
    },
  );
};
