import { sql } from 'drizzle-orm';
import { SUPER_CATEGORIES, SUPER_CATEGORY_NAMES } from '../contract/super-categories';
import { TOPIC_MIN_PLACES, TOPIC_PLACES } from '../contract/topic-rules';
import type { Database } from './client';
import { inQueryPhase } from './query-capture';
import { locations, topicPages } from './schema';

/**
 * Numbers kept beside the rows they summarise, so pages read one row instead of counting:
 * classification counts (global and per city), super category counts per city, review and
 * follower counts.
 * Run after seeding or a bulk import.
 */
export async function refreshDerivedCounts(db: Database): Promise<void> {
  await db.execute(sql`
    update classifications c set location_count = coalesce(x.n, 0)
    from (select c2.id, count(l.id)::int as n
          from classifications c2 left join locations l on c2.id = any(l.classification_ids)
          group by c2.id) x
    where x.id = c.id`);
  await db.execute(sql`delete from city_classifications`);
  await db.execute(sql`
    insert into city_classifications (city_id, classification_id, location_count)
    select l.city_id, cid, count(*)::int
    from locations l cross join unnest(l.classification_ids) as cid
    group by l.city_id, cid`);
  await db.execute(sql`delete from city_super_categories`);
  await db.execute(sql`
    insert into city_super_categories (city_id, super_category, location_count)
    select l.city_id, kind, count(*)::int
    from locations l cross join unnest(l.super_categories) as kind
    group by l.city_id, kind`);
  await refreshTopicPages(db);
  await db.execute(sql`
    update locations l set review_count = x.n
    from (select location_id, count(*)::int as n from reviews group by location_id) x
    where x.location_id = l.id`);
  await db.execute(sql`
    update locations l set follower_count = x.n
    from (select location_id, count(*)::int as n from location_follows group by location_id) x
    where x.location_id = l.id`);
  // A creator's audience in the seeded world follows their views (docs/decisions/004-seeded-world.md).
  await db.execute(sql`
    update users u set review_count = x.n, follower_count = x.views / 40
    from (select author_id, count(*)::int as n, sum(view_count)::bigint as views
          from reviews group by author_id) x
    where x.author_id = u.id`);
}

/**
 * The neighbourhood's slug, as slugify (contract/slug.ts) writes it: accents dropped, `&` as
 * "and", apostrophes removed, every other run of non-alphanumerics one hyphen.
 */
const neighborhoodSlug = sql.raw(`trim(both '-' from regexp_replace(
  replace(replace(replace(lower(regexp_replace(normalize(l.neighborhood, NFKD), '[\u0300-\u036f]', '', 'g')),
    '&', ' and '), '''', ''), '’', ''), '[^a-z0-9]+', '-', 'g'))`);

/**
 * Rebuilds topic_pages (docs/decisions/080-topic-pages.md): each super category, category and
 * cuisine in each city and each neighbourhood, kept when it has TOPIC_MIN_PLACES places, with its
 * best TOPIC_PLACES places in rank order (rank scores change only with the seed or an import). Where
 * two kinds share a slug (the super category `hotel`, the category `hotel`) the super category
 * wins, then the category, whatever their counts, so an address never changes meaning.
 * Owners cannot change a place's kinds or neighbourhood (spec §5), so the seed is the only write
 * that moves these rows (and ensureTopicPages, for a world seeded before the table existed). Run
 * it inside a transaction: between its delete and its insert there are no topic pages.
 */
export async function refreshTopicPages(db: Database): Promise<void> {
  const superNames = sql.join(
    SUPER_CATEGORIES.map((key) => sql`(${key}::text, ${SUPER_CATEGORY_NAMES[key]}::text)`),
    sql`, `,
  );
  await db.execute(sql`delete from topic_pages`);
  await db.execute(sql`
    with tagged as (
      select l.city_id, g.neighborhood, g.neighborhood_slug, k.kind, k.slug, k.name,
             k.classification_id, k.precedence, l.id as location_id, l.rank_score
      from locations l
      cross join lateral (
        select 'super_category'::text as kind, s.key as slug, s.name, null::int as classification_id,
               1 as precedence
        from unnest(l.super_categories) as sc join (values ${superNames}) as s(key, name) on s.key = sc
        union all
        select c.kind, c.safe_name, c.name, c.id, case c.kind when 'category' then 2 else 3 end
        from classifications c
        where c.id = any(l.classification_ids) and c.kind in ('category', 'cuisine')
      ) k
      cross join lateral (values ('', ''), (l.neighborhood, ${neighborhoodSlug})) as g(neighborhood, neighborhood_slug)
      where g.neighborhood_slug <> '' or g.neighborhood = ''
    ),
    ranked as (
      select *, row_number() over (
        partition by city_id, neighborhood_slug, kind, slug, name, classification_id, precedence
        order by rank_score desc, location_id) as place
      from tagged
    ),
    counted as (
      select city_id, neighborhood_slug, min(neighborhood) as neighborhood, kind, slug, name,
             classification_id, precedence, count(*)::int as n,
             array_agg(location_id order by place) filter (where place <= ${TOPIC_PLACES}) as ids
      from ranked
      group by city_id, neighborhood_slug, kind, slug, name, classification_id, precedence
    ),
    chosen as (
      select distinct on (city_id, neighborhood_slug, slug) *
      from counted
      order by city_id, neighborhood_slug, slug, precedence
    )
    insert into topic_pages (city_id, neighborhood, neighborhood_slug, kind, slug, name,
                             classification_id, location_count, location_ids)
    select city_id, neighborhood, neighborhood_slug, kind, slug, name, classification_id, n, ids
    from chosen
    where n >= ${TOPIC_MIN_PLACES}
    order by city_id, neighborhood_slug, n desc, slug`);
}

/**
 * Builds topic_pages for a world seeded before the table existed (migration 0018 makes it
 * empty): at a start, when there are places and no topic page. A world with no topic at all
 * asks again at each start, which costs it one empty rebuild.
 */
export function ensureTopicPages(db: Database): Promise<boolean> {
  // The seed's work, done late: no request's, so left out of the plan check as the seed is.
  return inQueryPhase('seed', async () => {
    const [place] = await db.select({ id: locations.id }).from(locations).limit(1);
    const [topic] = await db.select({ id: topicPages.id }).from(topicPages).limit(1);
    if (!place || topic) return false;
    await db.transaction((tx) => refreshTopicPages(tx as unknown as Database));
    return true;
  });
}

/** Places of the same kind and near, worth seeing next (spec §7 related): at most this many. */
export const RELATED_LIMIT = 8;
/** "Nearby": within this many km of the place (spec §7 related; ADR 075). */
export const RELATED_RADIUS_KM = 5;
/**
 * RELATED_RADIUS_KM as the squared distance in degrees both computations compare: latitude
 * degrees and longitude degrees times the cosine of the place's latitude (111.195 km a degree).
 */
export const RELATED_MAX_DIST = (RELATED_RADIUS_KM / 111.195) ** 2;

/**
 * Computes and stores related places for the given locations; returns nothing. A place's related
 * places are the others of its city with the same primary classification (the first of its
 * classification ids: a pizzeria's is pizza) within RELATED_RADIUS_KM, nearest first; fewer, or
 * none, when there are fewer such places. The seed computes the same in memory
 * (db/seed/related.ts): change both together.
 */
export async function computeRelatedLocations(db: Database, locationIds: number[]): Promise<void> {
  if (locationIds.length === 0) return;
  await db.execute(sql`
    insert into related_locations (location_id, related_ids, computed_at)
    select l.id,
      coalesce((
        select array_agg(c.id order by c.dist, c.id)
        from (
          select o.id,
            power(o.lat - l.lat, 2) + power((o.lon - l.lon) * cos(radians(l.lat)), 2) as dist
          from locations o
          -- The containment finds the kind's places by the classification index; the subscript
          -- keeps those whose primary classification it is.
          where o.city_id = l.city_id and o.id <> l.id
            and o.classification_ids @> l.classification_ids[1:1]
            and o.classification_ids[1] = l.classification_ids[1]
            and power(o.lat - l.lat, 2) + power((o.lon - l.lon) * cos(radians(l.lat)), 2)
                <= ${RELATED_MAX_DIST}
          order by dist, o.id
          limit ${RELATED_LIMIT}
        ) c
      ), '{}'::int[]),
      now()
    from locations l
    where l.id in (${sql.join(
      locationIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict (location_id) do update
      set related_ids = excluded.related_ids, computed_at = excluded.computed_at`);
}

/**
 * Adds to a place's numbers of one UTC day (`location_daily_stats`, the growth charts' source):
 * what one write adds, in that write's transaction (docs/decisions/037-views-at-scale.md).
 */
export async function addToDailyStats(
  db: Database,
  locationId: number,
  day: string,
  add: { views?: number; watchedMs?: number; shares?: number },
): Promise<void> {
  const views = add.views ?? 0;
  const watchedMs = add.watchedMs ?? 0;
  const shares = add.shares ?? 0;
  await db.execute(sql`
    insert into location_daily_stats (location_id, day, views, watched_ms, shares)
    values (${locationId}, ${day}::date, ${views}, ${watchedMs}, ${shares})
    on conflict (location_id, day) do update set
      views = location_daily_stats.views + excluded.views,
      watched_ms = location_daily_stats.watched_ms + excluded.watched_ms,
      shares = location_daily_stats.shares + excluded.shares`);
}

/**
 * Recounts `location_daily_stats` from the raw views and shares for the UTC days in
 * [from, to) (all days when not given): after a bulk load (the seed's history), or to repair
 * the rollup. Days outside the raw tables' retention keep what they have.
 */
export async function rebuildLocationDailyStats(
  db: Database,
  range: { from?: string; to?: string } = {},
): Promise<void> {
  const from = range.from ?? '0001-01-01';
  const to = range.to ?? '9999-12-31';
  await db.execute(sql`
    delete from location_daily_stats where day >= ${from}::date and day < ${to}::date`);
  await db.execute(sql`
    insert into location_daily_stats (location_id, day, views, watched_ms, shares)
    select location_id, day, sum(views)::int, sum(watched_ms)::bigint, sum(shares)::int from (
      select r.location_id, rr.read_on as day, count(*) as views,
             coalesce(sum(rr.watched_duration_ms), 0) as watched_ms, 0 as shares
        from review_reads rr join reviews r on r.id = rr.review_id
       where rr.read_on >= ${from}::date and rr.read_on < ${to}::date
       group by 1, 2
      union all
      select coalesce(r.location_id, s.resource_id), (s.created_at at time zone 'UTC')::date, 0, 0, count(*)
        from shares s
        left join reviews r on s.resource_type = 'review' and r.id = s.resource_id
       where (s.resource_type = 'location' or r.id is not null)
         and s.created_at >= (${from}::date)::timestamp at time zone 'UTC'
         and s.created_at < (${to}::date)::timestamp at time zone 'UTC'
       group by 1, 2
    ) x
    group by 1, 2`);
}
