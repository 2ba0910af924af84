import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { inQueryPhase } from './query-capture';

/**
 * The append-only tables kept in monthly range partitions (docs/decisions/037-views-at-scale.md,
 * db/migrations/0008_views_at_scale.sql): a partition per calendar month (UTC), created
 * `aheadMonths` before it starts and dropped once it ended more than `retainMonths` months
 * before the current one. Dropping a month is one catalog change, never a delete of its rows.
 */
export interface PartitionedTable {
  table: string;
  /** A `date` key is bounded by days; a `timestamptz` key by UTC midnights. */
  key: 'date' | 'timestamptz';
  /** Full months kept before the current one. */
  retainMonths: number;
  aheadMonths: number;
}

export const PARTITIONED_TABLES: readonly PartitionedTable[] = [
  // Raw views: the current month and three before it hold any 90-day range the rollup is
  // rebuilt from; the dashboard reads the rollup, never these.
  { table: 'review_reads', key: 'date', retainMonths: 3, aheadMonths: 2 },
  { table: 'shares', key: 'timestamptz', retainMonths: 13, aheadMonths: 2 },
  { table: 'analytics_events', key: 'timestamptz', retainMonths: 13, aheadMonths: 2 },
  // Two years of daily numbers: a growth chart's range and the range before it, year on year.
  { table: 'location_daily_stats', key: 'date', retainMonths: 25, aheadMonths: 2 },
];

/** How often a running server looks again (server/main.ts); it also looks at every start. */
export const PARTITION_MAINTENANCE_MS = 60 * 60 * 1000;

/** One lock for every process on the database: two replicas never create the same month. */
const MAINTENANCE_LOCK = 3_703_700;

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The first day (UTC) of the month `offset` months from the one holding `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** `review_reads_p2026_11`: the partition of November 2026. */
export const partitionName = (table: string, month: Date) =>
  `${table}_p${month.getUTCFullYear()}_${pad(month.getUTCMonth() + 1)}`;

const NAME = /_p(\d{4})_(\d{2})$/;

export interface MaintenanceResult {
  created: string[];
  dropped: string[];
  /** Partitions past retention that could not be dropped this time (a lock not granted). */
  kept: string[];
}

/**
 * Creates every month from the oldest kept to `aheadMonths` ahead that is missing, and drops
 * the months past retention. Safe to run at any time from any number of processes; runs at
 * start (after the migrations, `DatabaseHandle.migrate`) and every PARTITION_MAINTENANCE_MS.
 * A drop waits at most `lockTimeoutMs` for readers of the table and is tried again next time.
 */
export function maintainPartitions(
  db: Database,
  options: { now?: Date; tables?: readonly PartitionedTable[]; lockTimeoutMs?: number } = {},
): Promise<MaintenanceResult> {
  // Upkeep, not a request: left out of the plan check (docs/decisions/041-query-plans.md).
  return inQueryPhase('partitions', () => maintain(db, options));
}

async function maintain(
  db: Database,
  options: { now?: Date; tables?: readonly PartitionedTable[]; lockTimeoutMs?: number },
): Promise<MaintenanceResult> {
  const now = options.now ?? new Date();
  const tables = options.tables ?? PARTITIONED_TABLES;
  const result: MaintenanceResult = { created: [], dropped: [], kept: [] };
  const expired: { table: string; name: string }[] = [];

  const lockTimeout = sql.raw(`set local lock_timeout = '${options.lockTimeoutMs ?? 5000}ms'`);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
      // Making a partition locks its table: a long reader makes it wait at most this long (and
      // the writes queued behind it with it), then the months ahead are made next time.
      await tx.execute(lockTimeout);
      for (const spec of tables) {
        const existing = new Set(
          rowsOf<{ name: string }>(
            await tx.execute(sql`
            select c.relname as name
              from pg_inherits i
              join pg_class c on c.oid = i.inhrelid
              join pg_class p on p.oid = i.inhparent
              join pg_namespace n on n.oid = p.relnamespace
             where n.nspname = current_schema() and p.relname = ${spec.table}`),
          ).map((row) => row.name),
        );
        const oldestKept = monthStart(now, -spec.retainMonths);
        for (let offset = -spec.retainMonths; offset <= spec.aheadMonths; offset++) {
          const month = monthStart(now, offset);
          const name = partitionName(spec.table, month);
          if (existing.has(name)) continue;
          const bound = (d: Date) => (spec.key === 'date' ? day(d) : `${day(d)} 00:00:00+00`);
          // Names and bounds are made here from the calendar, never from a request.
          await tx.execute(
            sql.raw(
              `create table if not exists "${name}" partition of "${spec.table}" ` +
                `for values from ('${bound(month)}') to ('${bound(monthStart(month, 1))}')`,
            ),
          );
          result.created.push(name);
        }
        for (const name of existing) {
          const match = NAME.exec(name);
          if (!match || !name.startsWith(`${spec.table}_p`)) continue;
          const month = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
          if (month < oldestKept) expired.push({ table: spec.table, name });
        }
      }
    });
  } catch (error) {
    if (!lockNotGranted(error)) throw error;
    // Nothing was made (one transaction); two months ahead leave hours of hourly retries.
    result.created = [];
    expired.length = 0;
  }

  for (const { name } of expired.sort((a, b) => a.name.localeCompare(b.name))) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
        await tx.execute(lockTimeout);
        await tx.execute(sql.raw(`drop table if exists "${name}"`));
      });
      result.dropped.push(name);
    } catch {
      result.kept.push(name);
    }
  }
  return result;
}

/** PostgreSQL's lock_not_available (55P03), looking through the causes drivers wrap it in. */
function lockNotGranted(error: unknown): boolean {
  for (
    let e = error, i = 0;
    e && typeof e === 'object' && i < 8;
    e = (e as { cause?: unknown }).cause, i++
  )
    if ((e as { code?: unknown }).code === '55P03') return true;
  return false;
}

/** The partitions of `table`, oldest first (for tests and operators). */
export async function partitionsOf(db: Database, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name
        from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        join pg_namespace n on n.oid = p.relnamespace
       where n.nspname = current_schema() and p.relname = ${table}
       order by c.relname`),
  ).map((row) => row.name);
}
