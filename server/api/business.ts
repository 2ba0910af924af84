import { and, eq, sql } from 'drizzle-orm';
import {
  ClaimBody,
  ClaimReceiptParams,
  ClaimReceived,
  ClaimStatus,
  Growth,
  GrowthQuery,
  ListingInfo,
  ListingInfoBody,
  type GrowthDay,
} from '../../contract/business';
import { ErrorBody, IdParams } from '../../contract/common';
import { slugify } from '../../contract/slug';
import type { Database } from '../../db/client';
import { businessClaims, businessOwners, locations } from '../../db/schema';
import { sessionToken, sessionUserId, signedInUserId, type SessionStore } from '../auth/sessions';
import { HttpError } from '../http-errors';
import type { ClaimReceipts } from '../security';
import type { ApiRoutes } from './context';
import { rowsOf } from './read-models';
import { privateAnswer } from './read-route';

const ownerErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What "one place" means for a claim: its name, street line and 5-digit postal code. */
export const placeKey = (name: string, street: string, postal: string) =>
  [slugify(name), slugify(street), postal.slice(0, 5)].join('|');

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The UTC days of a range ending today: [start, end) as instants and the day list. */
export function rangeDays(range: number, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (range - 1) * DAY_MS);
  const end = new Date(today + DAY_MS);
  const days = Array.from({ length: range }, (_, i) =>
    isoDay(new Date(start.getTime() + i * DAY_MS)),
  );
  return { start, end, days };
}

interface DayCounts {
  day: string;
  views: number;
  watched_ms: number;
  follows: number;
  shares: number;
}

/** Views (first reads of its videos by a device that day), follows and shares of a place per UTC day. */
async function countsByDay(db: Database, locationId: number, start: Date, end: Date) {
  type Row = {
    day: string;
    kind: 'views' | 'follows' | 'shares';
    n: number;
    watched_ms: string | number;
  };
  // Views, minutes watched and shares come from the daily rollup (ADR 037), follows from the
  // follows themselves (a place's followers are its rows: an unfollow takes one away).
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, 'views' as kind, views as n, watched_ms
      from location_daily_stats
     where location_id = ${locationId}
       and day >= ${isoDay(start)}::date and day < ${isoDay(end)}::date
    union all
    select to_char(day, 'YYYY-MM-DD'), 'shares', shares, 0
      from location_daily_stats
     where location_id = ${locationId}
       and day >= ${isoDay(start)}::date and day < ${isoDay(end)}::date
    union all
    select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD'), 'follows', count(*)::int, 0
      from location_follows
     where location_id = ${locationId}
       and created_at >= ${start.toISOString()} and created_at < ${end.toISOString()}
     group by 1`);
  const rows = rowsOf<Row>(result);
  const byDay = new Map<string, DayCounts>();
  for (const row of rows) {
    const counts = byDay.get(row.day) ?? {
      day: row.day,
      views: 0,
      watched_ms: 0,
      follows: 0,
      shares: 0,
    };
    counts[row.kind] = Number(row.n);
    if (row.kind === 'views') counts.watched_ms = Number(row.watched_ms);
    byDay.set(row.day, counts);
  }
  return byDay;
}

async function followersBefore(db: Database, locationId: number, before: Date): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from location_follows
     where location_id = ${locationId} and created_at < ${before.toISOString()}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

const minutes = (ms: number) => Math.round((ms / 60_000) * 10) / 10;

/** The growth of a place over `range` days ending today, with the range before for comparison. */
export async function growthOf(
  db: Database,
  locationId: number,
  range: number,
  now = new Date(),
): Promise<Growth> {
  const { start, end, days } = rangeDays(range, now);
  const previousStart = new Date(start.getTime() - range * DAY_MS);
  const [current, previous, startFollowers] = await Promise.all([
    countsByDay(db, locationId, start, end),
    countsByDay(db, locationId, previousStart, start),
    followersBefore(db, locationId, start),
  ]);
  let followers = startFollowers;
  const series: GrowthDay[] = days.map((date) => {
    const counts = current.get(date);
    followers += counts?.follows ?? 0;
    return {
      date,
      views: counts?.views ?? 0,
      watched_minutes: minutes(counts?.watched_ms ?? 0),
      new_followers: counts?.follows ?? 0,
      followers,
      shares: counts?.shares ?? 0,
    };
  });
  const sum = (values: Iterable<DayCounts>, key: 'views' | 'follows' | 'shares' | 'watched_ms') =>
    [...values].reduce((total, counts) => total + counts[key], 0);
  return {
    clm_id: locationId,
    range,
    days: series,
    totals: {
      views: sum(current.values(), 'views'),
      watched_minutes: minutes(sum(current.values(), 'watched_ms')),
      new_followers: sum(current.values(), 'follows'),
      followers,
      shares: sum(current.values(), 'shares'),
    },
    previous: {
      views: sum(previous.values(), 'views'),
      new_followers: sum(previous.values(), 'follows'),
      shares: sum(previous.values(), 'shares'),
    },
  };
}

/**
 * The business area's calls (spec §2.2, §4 business dashboard; docs/decisions/015-business.md):
 * claims, and a place's dashboard data — its owners only, checked on every call.
 */
export const businessRoutes =
  (services: { sessions: SessionStore; receipts: ClaimReceipts }): ApiRoutes =>
  (ctx) =>
  async (app) => {
    const { db } = ctx;

    /** Only an owner of the place (the session's user) reads or changes its dashboard data. */
    async function requireOwner(token: string | null, locationId: number) {
      const userId = await sessionUserId(services.sessions, token);
      if (userId === null)
        throw new HttpError(401, 'unauthorized', 'Sign in to see your business dashboard');
      const [owner] = await db
        .select({ userId: businessOwners.userId })
        .from(businessOwners)
        .where(and(eq(businessOwners.userId, userId), eq(businessOwners.locationId, locationId)))
        .limit(1);
      // A forged or unknown id reads the same as somebody else's place: not yours.
      if (!owner)
        throw new HttpError(403, 'forbidden', "Only this place's owners can see its dashboard");
    }

    async function listingInfo(locationId: number) {
      const [row] = await db
        .select({
          clm_id: locations.id,
          website: locations.website,
          description: locations.description,
          hours: locations.hours,
          phone: locations.phone,
          updatedAt: locations.updatedAt,
        })
        .from(locations)
        .where(eq(locations.id, locationId))
        .limit(1);
      if (!row)
        throw new HttpError(403, 'forbidden', "Only this place's owners can see its dashboard");
      const { updatedAt, ...info } = row;
      return { ...info, updated_at: updatedAt.toISOString() };
    }

    app.post(
      '/biz/claims',
      {
        schema: {
          tags: ['business'],
          summary: 'Claims a business: stored for review; one person claims one place once',
          body: ClaimBody,
          response: { 201: ClaimReceived, 409: ErrorBody, ...ownerErrors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const userId = await signedInUserId(services.sessions, request);
        const postal = body.address.postal.slice(0, 5);
        const [match] = await db
          .select({ id: locations.id })
          .from(locations)
          .where(
            and(
              sql`lower(${locations.name}) = lower(${body.business_name})`,
              sql`lower(${locations.address}) = lower(${body.address.addr_line1})`,
              eq(locations.zip, postal),
            ),
          )
          .limit(1);
        const [created] = await db
          .insert(businessClaims)
          .values({
            userId,
            locationId: match?.id ?? null,
            placeKey: placeKey(body.business_name, body.address.addr_line1, postal),
            ownerName: body.owner_name,
            position: body.position,
            businessName: body.business_name,
            businessWebsite: body.business_website ?? null,
            addrLine1: body.address.addr_line1,
            city: body.address.city,
            state: body.address.state,
            postal: body.address.postal,
            email: body.email,
            emailKey: body.email.toLowerCase(),
            phone: body.phone,
            utmSource: body.utm_source || null,
          })
          .onConflictDoNothing()
          .returning({ id: businessClaims.id });
        if (!created)
          throw new HttpError(
            409,
            'already_claimed',
            `You have already claimed ${body.business_name}. We will email ${body.email} once we have checked it.`,
          );
        return reply.code(201).send({
          status: 'received' as const,
          claim_id: created.id,
          location_id: match?.id ?? null,
          receipt: services.receipts.issue(created.id),
        });
      },
    );

    ctx.reads.register(
      app,
      'claimReceipt',
      {
        schema: {
          tags: ['business'],
          summary:
            'The claim a receipt names (claim-business/complete): 404 unless this server gave that receipt for a stored claim',
          params: ClaimReceiptParams,
          response: { 200: ClaimStatus, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        },
      },
      async ({ params }) => {
        const claimId = services.receipts.claimIdOf(params.receipt);
        const [claim] =
          claimId === null
            ? []
            : await db
                .select({ id: businessClaims.id, businessName: businessClaims.businessName })
                .from(businessClaims)
                .where(eq(businessClaims.id, claimId))
                .limit(1);
        // A forged receipt reads the same as a claim never made.
        if (!claim) throw new HttpError(404, 'not_found', 'No claim has this receipt');
        return {
          status: 'received' as const,
          claim_id: claim.id,
          business_name: claim.businessName,
        };
      },
      privateAnswer,
    );

    ctx.reads.register(
      app,
      'growth',
      {
        schema: {
          tags: ['business'],
          summary: "A place's views, followers and shares per day (its owners only)",
          params: IdParams,
          querystring: GrowthQuery,
          response: { 200: Growth, ...ownerErrors },
        },
      },
      async ({ params, query }, scope) => {
        await requireOwner(scope.sessionToken, params.id);
        return growthOf(db, params.id, query.range);
      },
      privateAnswer,
    );

    ctx.reads.register(
      app,
      'listingInfo',
      {
        schema: {
          tags: ['business'],
          summary: 'The details an owner may edit: website, description, hours (its owners only)',
          params: IdParams,
          response: { 200: ListingInfo, ...ownerErrors },
        },
      },
      async ({ params }, scope) => {
        await requireOwner(scope.sessionToken, params.id);
        return listingInfo(params.id);
      },
      privateAnswer,
    );

    app.put(
      '/biz/locations/:id/info',
      {
        schema: {
          tags: ['business'],
          summary: "Saves a place's website, description and hours (its owners only)",
          params: IdParams,
          body: ListingInfoBody,
          response: { 200: ListingInfo, ...ownerErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        await requireOwner(sessionToken(request), request.params.id);
        const { website, description, hours } = request.body;
        await db
          .update(locations)
          .set({ website, description, hours, updatedAt: sql`now()` })
          .where(eq(locations.id, request.params.id));
        await ctx.publicDataChanged(); // the public place page shows these
        return listingInfo(request.params.id);
      },
    );
  };
