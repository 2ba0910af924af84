import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Classification } from '../../contract/classifications';
import type { Database } from '../../db/client';
import { cityClassifications, classifications } from '../../db/schema';
import { prepared } from './read-models';

export interface ClassificationListQuery {
  kind: 'cuisine' | 'practical';
  cityId?: number | undefined;
  pinnedOnly?: boolean | undefined;
  pinnedFirst?: boolean | undefined;
  limit: number;
  offset: number;
}

/** The list's statement for one shape of query, built once (ADR 044): the values are placeholders. */
function buildList(db: Database, inCity: boolean, pinnedOnly: boolean, pinnedFirst: boolean) {
  const count = inCity ? cityClassifications.locationCount : classifications.locationCount;
  const filters: (SQL | undefined)[] = [
    eq(classifications.kind, sql.placeholder('kind')),
    gt(count, 0),
  ];
  if (pinnedOnly) filters.push(eq(classifications.pinned, true));
  return (
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
          inCity ? eq(cityClassifications.cityId, sql.placeholder('city')) : sql`false`,
        ),
      )
      .where(and(...filters))
      .orderBy(
        ...(pinnedFirst ? [desc(classifications.pinned)] : []),
        desc(count),
        asc(classifications.name),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      // Drizzle's prepare wants a name: one per shape, for the reader (on PostgreSQL,
      // db/pg-client.ts names every statement by its text anyway).
      .prepare(`classification_list_${+inCity}${+pinnedOnly}${+pinnedFirst}`)
  );
}
const lists = new Map<string, (db: Database) => ReturnType<typeof buildList>>();
function listStatement(inCity: boolean, pinnedOnly: boolean, pinnedFirst: boolean) {
  const shape = `${inCity}:${pinnedOnly}:${pinnedFirst}`;
  let statement = lists.get(shape);
  if (!statement) {
    statement = prepared((db) => buildList(db, inCity, pinnedOnly, pinnedFirst));
    lists.set(shape, statement);
  }
  return statement;
}

/** Cuisines or practical categories with counts, in the city when given; pinned first on request. */
export async function listClassifications(
  db: Database,
  q: ClassificationListQuery,
): Promise<{ data: Classification[]; total: number }> {
  const statement = listStatement(
    q.cityId !== undefined,
    q.pinnedOnly === true,
    q.pinnedFirst === true,
  )(db);
  const page = (limit: number, offset: number) =>
    statement.execute({ kind: q.kind, city: q.cityId ?? 0, limit, offset });
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
