import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';

/**
 * Bulk loading for the seed (docs/decisions/037-views-at-scale.md, "Seeding at scale"): many rows
 * a statement as one JSON parameter, and a table's secondary indexes and foreign keys built once
 * after the load instead of row by row. Both work the same on PGlite and PostgreSQL.
 */

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** About this many characters of JSON a statement: big enough that round trips do not count. */
const BATCH_CHARS = 4_000_000;

/**
 * Inserts `rows` into `table`: each batch is one `insert … select … from
 * json_populate_recordset(null::table, $1)`, the rows as one JSON parameter (no value is ever
 * written into the SQL text). Only the rows' own columns are named, so the others take their
 * defaults, as a plain insert would. Rows keep their order.
 */
export async function bulkInsert<T extends PgTable>(
  db: Database,
  table: T,
  rows: T['$inferInsert'][],
  progress?: (done: number) => void,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0] as object).filter((key) => key in columns);
  const names = keys.map((key) => (columns[key] as { name: string }).name);
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  const tableName = sql.raw(`"${getTableName(table)}"`);
  let lastReported = 0;
  let batch: string[] = [];
  let chars = 0;
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    await db.execute(
      sql`insert into ${tableName} (${list}) select ${list} from json_populate_recordset(null::${tableName}, ${json}::json)`,
    );
    done += batch.length;
    batch = [];
    chars = 0;
    if (progress && (done - lastReported >= 100_000 || done === rows.length)) {
      progress(done);
      lastReported = done;
    }
  };
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++)
      record[names[i] as string] = (row as Record<string, unknown>)[keys[i] as string];
    const text = JSON.stringify(record);
    batch.push(text);
    chars += text.length;
    if (chars >= BATCH_CHARS) await flush();
  }
  await flush();
}

interface Deferred {
  table: string;
  name: string;
  /** The statement that builds it again, as the database itself writes it. */
  create: string;
  kind: 'index' | 'foreign key';
}

/**
 * Drops the secondary indexes and foreign keys of `tables` (primary keys and unique constraints
 * stay: the load checks them) and returns what builds them again. Inside the seed's transaction,
 * so nobody ever sees a table without them; the definitions come from the database's catalog,
 * so what is rebuilt is exactly what the migrations made.
 */
export async function deferIndexes(
  db: Database,
  tables: string[],
): Promise<{ count: number; rebuild: () => Promise<{ indexes: number; foreignKeys: number }> }> {
  const indexes = rowsOf<{ table: string; name: string; create: string }>(
    await db.execute(sql`
      select c.relname as "table", i.relname as name, pg_get_indexdef(x.indexrelid) as "create"
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class c on c.oid = x.indrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relname in ${tables}
         and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)
       order by c.relname, i.relname`),
  );
  const foreignKeys = rowsOf<{ table: string; name: string; create: string }>(
    await db.execute(sql`
      select c.relname as "table", k.conname as name, pg_get_constraintdef(k.oid) as "create"
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and k.contype = 'f' and c.relname in ${tables}
       order by c.relname, k.conname`),
  );
  const deferred: Deferred[] = [
    ...indexes.map((i) => ({ ...i, kind: 'index' as const })),
    ...foreignKeys.map((k) => ({
      ...k,
      create: `alter table "${k.table}" add constraint "${k.name}" ${k.create}`,
      kind: 'foreign key' as const,
    })),
  ];
  for (const item of deferred) {
    await db.execute(
      sql.raw(
        item.kind === 'index'
          ? `drop index "${item.name}"`
          : `alter table "${item.table}" drop constraint "${item.name}"`,
      ),
    );
  }
  return {
    count: deferred.length,
    rebuild: async () => {
      // Index builds sort in memory up to this much (the transaction's own setting only).
      await db.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
      for (const item of deferred) await db.execute(sql.raw(item.create));
      return { indexes: indexes.length, foreignKeys: foreignKeys.length };
    },
  };
}
