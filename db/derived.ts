import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Numbers kept beside the rows they summarise, so pages read one row instead of counting:
 * classification counts (global and per city), review and follower counts.
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

/** Places near enough in kind and distance to be worth seeing next (spec §7 related). */
export const RELATED_LIMIT = 8;
/** Candidates are the city's best-ranked places of the same kind, so the work per place is bounded. */
export const RELATED_CANDIDATES = 200;

/**
 * Computes and stores related places for the given locations; returns nothing. The seed computes
 * the same in memory (db/seed/related.ts): change both together.
 */
export async function computeRelatedLocations(db: Database, locationIds: number[]): Promise<void> {
  if (locationIds.length === 0) return;
  await db.execute(sql`
    insert into related_locations (location_id, related_ids, computed_at)
    select l.id,
      coalesce((
        select array_agg(c.id order by c.shared desc, c.dist, c.id)
        from (
          select o.id,
            cardinality(array(select unnest(o.classification_ids) intersect select unnest(l.classification_ids))) as shared,
            power(o.lat - l.lat, 2) + power((o.lon - l.lon) * cos(radians(l.lat)), 2) as dist
          from (
            select id, lat, lon, classification_ids from locations o
            where o.city_id = l.city_id and o.id <> l.id
              and (o.super_categories && l.super_categories
                   or (cardinality(o.super_categories) = 0 and cardinality(l.super_categories) = 0))
            order by o.rank_score desc, o.id
            limit ${RELATED_CANDIDATES}
          ) o
          order by shared desc, dist, o.id
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
