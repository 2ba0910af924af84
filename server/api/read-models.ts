import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { City } from '../../contract/cities';
import type { SuperCategory, Tag } from '../../contract/classifications';
import type { Location, LocationSummary } from '../../contract/locations';
import type { Review } from '../../contract/reviews';
import type { Author, User } from '../../contract/users';
import { readerOf, type Database } from '../../db/client';
import { cities, classifications, locations, reviews, users } from '../../db/schema';
import type { MediaUrls } from '../media/urls';

/**
 * Reads shaped like the contract: one query per list, never one per item.
 * Every list endpoint builds on these.
 */
/**
 * A query a page makes on every render, built once per database (docs/decisions/044-page-render-cost.md):
 * Drizzle otherwise builds its SQL text from the query's parts on every run, about 0.15 ms for a
 * query with a few joins, more than the embedded database takes to answer it. `build` names
 * each value with `sql.placeholder(name)` and ends with `.prepare(name)`; a transaction (a
 * database of its own) gets its own. A built query stays on the database it was built on: it is
 * built on the one a read made now goes to (`readerOf`: the read replica inside a public read,
 * ADR 072), so each of the primary and the replica has its own.
 */
export function prepared<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    const reader = readerOf(db);
    let query = built.get(reader);
    if (!query) built.set(reader, (query = build(reader)));
    return query;
  };
}

/** An ORDER BY term: a column (ascending) or an expression. */
export type Order = SQL | AnyPgColumn;

export interface ReadContext {
  db: Database;
  media: MediaUrls;
}

/** A place's classifications (cuisines, categories…) as one JSON column, by kind then name. */
export const locationTags = sql<TagRow[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'kind', c.kind, 'safeName', c.safe_name, 'name', c.name)
    order by c.kind, c.name)
  from ${classifications} c where c.id = any(${locations.classificationIds})), '[]'::json)`;

export const cityColumns = {
  id: cities.id,
  name: cities.name,
  state: cities.state,
  stateName: cities.stateName,
  country: cities.country,
  lat: cities.lat,
  lon: cities.lon,
  serviceId: cities.serviceId,
  slug: cities.slug,
  stateSlug: cities.stateSlug,
  citySlug: cities.citySlug,
  timeZone: cities.timeZone,
};
type CityRow = { [K in keyof typeof cityColumns]: (typeof cities.$inferSelect)[K] };

export function toCity(row: CityRow): City {
  return {
    clm_id: row.id,
    clm_city: row.name,
    clm_state: row.state,
    clm_state_name: row.stateName,
    clm_country: row.country,
    clm_lat: row.lat,
    clm_lon: row.lon,
    clm_service_id: row.serviceId,
    clm_slug: row.slug,
    state_slug: row.stateSlug,
    city_slug: row.citySlug,
    clm_time_zone: row.timeZone,
  };
}

/** The key of a city in a request's memo (ReadScope.memo): a page's reads share the lookup. */
export const cityMemoKey = (id: number) => `city:${id}`;

/** A city by its id, and by its two slugs (`il`, `chicago`): built once, asked on every city page. */
const cityById = prepared((db) =>
  db
    .select(cityColumns)
    .from(cities)
    .where(eq(cities.id, sql.placeholder('id')))
    .prepare('city_by_id'),
);
const cityBySlugs = prepared((db) =>
  db
    .select(cityColumns)
    .from(cities)
    .where(
      and(
        eq(cities.stateSlug, sql.placeholder('state')),
        eq(cities.citySlug, sql.placeholder('city')),
      ),
    )
    .prepare('city_by_slugs'),
);

/** The city of this id, or of these slugs, or null. */
export async function findCity(
  ctx: ReadContext,
  by: { id: number } | { stateSlug: string; citySlug: string },
): Promise<City | null> {
  const [row] =
    'id' in by
      ? await cityById(ctx.db).execute({ id: by.id })
      : await cityBySlugs(ctx.db).execute({ state: by.stateSlug, city: by.citySlug });
  return row ? toCity(row) : null;
}

export async function findCities(
  ctx: ReadContext,
  where: SQL | undefined,
  limit = 1,
): Promise<City[]> {
  const rows = await ctx.db
    .select(cityColumns)
    .from(cities)
    .where(where)
    .orderBy(cities.name)
    .limit(limit);
  return rows.map(toCity);
}

const authorColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  avatarUrl: users.avatarUrl,
  vanityUrl: users.vanityUrl,
};
type AuthorRow = {
  id: number;
  username: string;
  displayName: string;
  avatarUrl: string;
  vanityUrl: string;
};

export function toAuthor(ctx: ReadContext, row: AuthorRow): Author {
  return {
    clm_id: row.id,
    clm_username: row.username,
    display_name: row.displayName,
    avatar_url: ctx.media.asset(row.avatarUrl),
    vanity_url: row.vanityUrl,
  };
}
export { authorColumns };

export const summaryColumns = {
  id: locations.id,
  name: locations.name,
  label: locations.label,
  slug: locations.slug,
  address: locations.address,
  neighborhood: locations.neighborhood,
  zip: locations.zip,
  superCategories: locations.superCategories,
  reviewCount: locations.reviewCount,
  followerCount: locations.followerCount,
  posterClip: locations.posterClip,
  cityName: cities.name,
  cityState: cities.state,
  citySlug: cities.slug,
};
export type SummaryRow = {
  id: number;
  name: string;
  label: string;
  slug: string;
  address: string;
  neighborhood: string;
  zip: string;
  superCategories: string[];
  reviewCount: number;
  followerCount: number;
  posterClip: string | null;
  cityName: string;
  cityState: string;
  citySlug: string;
};

export function toLocationSummary(ctx: ReadContext, row: SummaryRow): LocationSummary {
  return {
    clm_id: row.id,
    clm_name: row.name,
    clm_label: row.label,
    clm_slug: row.slug,
    clm_address: row.address,
    clm_city: row.cityName,
    clm_state: row.cityState,
    clm_zip: row.zip,
    clm_neighborhood: row.neighborhood,
    super_categories: row.superCategories as SuperCategory[],
    city_slug: row.citySlug,
    poster_url: row.posterClip ? ctx.media.clip(row.posterClip, 'jpg') : null,
    review_count: row.reviewCount,
    follower_count: row.followerCount,
  };
}

/** Location summaries matching `where`, in the order given by `orderBy`. */
export async function findLocationSummaries(
  ctx: ReadContext,
  where: SQL | undefined,
  orderBy: Order[],
  limit: number,
): Promise<LocationSummary[]> {
  const rows = await ctx.db
    .select(summaryColumns)
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map((row) => toLocationSummary(ctx, row));
}

/** Summaries of the given ids, in the order of the ids. */
export async function locationSummariesByIds(
  ctx: ReadContext,
  ids: number[],
): Promise<LocationSummary[]> {
  if (ids.length === 0) return [];
  const found = await findLocationSummaries(ctx, inArray(locations.id, ids), [sql`1`], ids.length);
  const byId = new Map(found.map((l) => [l.clm_id, l]));
  return ids.map((id) => byId.get(id)).filter((l): l is LocationSummary => l !== undefined);
}

export type TagRow = { id: number; kind: string; safeName: string; name: string };

// One query: the place, its city and its tags (a page's first read, on every place page).
const locationById = prepared((db) =>
  db
    .select({
      ...summaryColumns,
      location: locations,
      city: cityColumns,
      tags: locationTags,
    })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(eq(locations.id, sql.placeholder('id')))
    .limit(1)
    .prepare('location_by_id'),
);

export async function findLocation(ctx: ReadContext, id: number): Promise<Location | null> {
  const [row] = await locationById(ctx.db).execute({ id });
  if (!row) return null;
  const l = row.location;
  const tags = row.tags;
  const tagsOf = (...kinds: string[]): Tag[] =>
    tags
      .filter((t) => kinds.includes(t.kind))
      .map((t) => ({ clm_id: t.id, safe_name: t.safeName, name: t.name }));
  return {
    ...toLocationSummary(ctx, row),
    clm_prompt: l.prompt,
    clm_description: l.description,
    clm_phone: l.phone,
    clm_lat: l.lat,
    clm_lon: l.lon,
    clm_price_level: l.priceLevel,
    clm_hours: l.hours,
    links: { website: l.website },
    tags: {
      categories: tagsOf('category', 'practical'),
      cuisines: tagsOf('cuisine'),
      food_and_drink: tagsOf('food_and_drink'),
    },
    city: toCity(row.city),
  };
}

const reviewColumns = {
  id: reviews.id,
  caption: reviews.caption,
  createdAt: reviews.createdAt,
  viewCount: reviews.viewCount,
  clip: reviews.clip,
  durationMs: reviews.durationMs,
  width: reviews.width,
  height: reviews.height,
  hasAudio: reviews.hasAudio,
  location: summaryColumns,
  author: authorColumns,
};

/**
 * Reviews matching `where` (on the reviews table) with their place and author, in `orderBy`
 * order. The page of ids is chosen from reviews alone (on its index), in a subquery whose limit
 * makes the database take it first; the joins then run for just those ids. One round trip.
 */
export async function findReviews(
  ctx: ReadContext,
  where: SQL | undefined,
  orderBy: Order[],
  limit: number,
  offset = 0,
): Promise<Review[]> {
  const page = ctx.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  const rows = await selectReviews(ctx)
    .where(inArray(reviews.id, page))
    .orderBy(...orderBy);
  const shared = sharedParts();
  return rows.map((row) => toReview(ctx, row, shared));
}

/**
 * findReviews' query for the videos of one place or one city (`column = $id`), in `order`, built
 * once (ADR 044): the statements every place page and city page run.
 */
const reviewsWhere = (column: AnyPgColumn, order: Order[], name: string) =>
  prepared((db) => {
    const page = db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(column, sql.placeholder('id')))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return selectReviewsFrom(db)
      .where(inArray(reviews.id, page))
      .orderBy(...order)
      .prepare(name);
  });

/** A place's videos, newest first (its page's list and its "show more"). */
const reviewsOfLocation = reviewsWhere(
  reviews.locationId,
  [desc(reviews.createdAt), desc(reviews.id)],
  'reviews_of_location',
);
/** A city's videos, best ranked first (its feed, spec §7). */
const reviewsOfCity = reviewsWhere(
  reviews.cityId,
  [desc(reviews.rankScore), reviews.id],
  'reviews_of_city',
);

const reviewPage = async (
  ctx: ReadContext,
  statement: typeof reviewsOfLocation,
  params: { id: number; limit: number; offset: number },
): Promise<Review[]> => {
  const rows = await statement(ctx.db).execute(params);
  const shared = sharedParts();
  return rows.map((row) => toReview(ctx, row, shared));
};

export const findLocationReviews = (ctx: ReadContext, id: number, limit: number, offset: number) =>
  reviewPage(ctx, reviewsOfLocation, { id, limit, offset });

export const findCityReviews = (ctx: ReadContext, id: number, limit: number, offset: number) =>
  reviewPage(ctx, reviewsOfCity, { id, limit, offset });

const selectReviews = (ctx: ReadContext) => selectReviewsFrom(ctx.db);
const selectReviewsFrom = (db: Database) =>
  db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(locations, eq(locations.id, reviews.locationId))
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .innerJoin(users, eq(users.id, reviews.authorId));

/**
 * At most this many ids a query: past about 200 the planner joins the whole users table
 * (a hash join over a sequential scan) instead of looking each author up, and the query's cost
 * grows with the table, not with the list (docs/decisions/041-query-plans.md).
 */
export const IDS_PER_QUERY = 100;

/** Reviews of the given ids in the order of the ids, each once (collections keep their curated order). */
export async function reviewsByIds(ctx: ReadContext, ids: number[]): Promise<Review[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows: ReviewRow[] = [];
  // One after another: a long list (the search index's pages of 2000) takes one connection.
  for (let at = 0; at < unique.length; at += IDS_PER_QUERY)
    rows.push(
      ...(await selectReviews(ctx).where(
        inArray(reviews.id, unique.slice(at, at + IDS_PER_QUERY)),
      )),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shared = sharedParts();
  return unique.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toReview(ctx, row, shared)] : [];
  });
}

/**
 * One object per place and per author in a list of reviews (a place's videos all name the same
 * place): a server render hands the list to the page once, and React Router's data encoding
 * writes an object it has seen as a reference.
 */
function sharedParts() {
  return { locations: new Map<number, LocationSummary>(), authors: new Map<number, Author>() };
}
type SharedParts = ReturnType<typeof sharedParts>;

type ReviewRow = {
  id: number;
  caption: string;
  createdAt: Date;
  viewCount: number;
  clip: string;
  durationMs: number;
  width: number;
  height: number;
  hasAudio: boolean;
  location: SummaryRow;
  author: AuthorRow;
};

function toReview(ctx: ReadContext, row: ReviewRow, shared: SharedParts): Review {
  let location = shared.locations.get(row.location.id);
  if (!location)
    shared.locations.set(row.location.id, (location = toLocationSummary(ctx, row.location)));
  let author = shared.authors.get(row.author.id);
  if (!author) shared.authors.set(row.author.id, (author = toAuthor(ctx, row.author)));
  return {
    clm_id: row.id,
    clm_caption: row.caption,
    created_at: row.createdAt.toISOString(),
    view_count: row.viewCount,
    video: {
      mp4_url: ctx.media.clip(row.clip, 'mp4'),
      webm_url: ctx.media.clip(row.clip, 'webm'),
      poster_url: ctx.media.clip(row.clip, 'jpg'),
      duration_ms: row.durationMs,
      width: row.width,
      height: row.height,
      has_audio: row.hasAudio,
    },
    location,
    author,
  };
}

export async function findUser(ctx: ReadContext, where: SQL): Promise<User | null> {
  const [row] = await ctx.db
    .select({ user: users, city: cityColumns })
    .from(users)
    .leftJoin(cities, eq(cities.id, users.homeCityId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const u = row.user;
  return {
    clm_id: u.id,
    user_id: u.id,
    user_name: u.username,
    clm_username: u.username,
    display_name: u.displayName,
    vanity_url: u.vanityUrl,
    avatar_url: ctx.media.asset(u.avatarUrl),
    bio: u.bio,
    user_level: u.userLevel,
    is_internal: u.isInternal,
    home_city: row.city ? toCity(row.city) : null,
    review_count: u.reviewCount,
    follower_count: u.followerCount,
    created_at: u.createdAt.toISOString(),
  };
}

/** Rows of a raw `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
