import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Classification } from '../../contract/classifications';
import type { Database } from '../../db/client';
import { cityClassifications, classifications } from '../../db/schema';

export interface ClassificationListQuery {
  kind: 'cuisine' | 'practical';
  cityId?: number | undefined;
  pinnedOnly?: boolean | undefined;
  pinnedFirst?: boolean | undefined;
  limit: number;
  offset: number;
}

/** Cuisines or practical categories with counts, in the city when given; pinned first on request. */
export async function listClassifications(
  db: Database,
  q: ClassificationListQuery,
): Promise<{ data: Classification[]; total: number }> {
  const inCity = q.cityId !== undefined;
  const count = inCity ? cityClassifications.locationCount : classifications.locationCount;
  const filters: (SQL | undefined)[] = [eq(classifications.kind, q.kind), gt(count, 0)];
  if (q.pinnedOnly) filters.push(eq(classifications.pinned, true));
  const page = (limit: number, offset: number) =>
    db
      .select({
        id: classifications.id,
        name: classifications.name,
        safeName: classifications.safeName,
        pinned: classifications.pinned,
        count,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(classifications)
      // Joined only for a city: one row per classification either way.
      .leftJoin(
        cityClassifications,
        and(
          eq(cityClassifications.classificationId, classifications.id),
          inCity ? eq(cityClassifications.cityId, q.cityId as number) : sql`false`,
        ),
      )
      .where(and(...filters))
      .orderBy(
        ...(q.pinnedFirst ? [desc(classifications.pinned)] : []),
        desc(count),
        asc(classifications.name),
      )
      .limit(limit)
      .offset(offset);
  const rows = await page(q.limit, q.offset);
  // Past the last page there are no rows to carry the total: ask for it once.
  const total = rows[0]?.total ?? (q.offset > 0 ? ((await page(1, 0))[0]?.total ?? 0) : 0);
  return {
    total,
    data: rows.map((r) => ({
      clm_id: r.id,
      clm_name: r.name,
      safe_name: r.safeName,
      clm_pinned: r.pinned ? '1' : '0',
      clm_count: r.count ?? 0,
    })),
  };
}
