import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * What a statement is sent for. `request` is everything the running product sends (requests,
 * boot reads, background syncs); the others are the database's upkeep, named where they run, and
 * left out of the plan check (docs/decisions/041-query-plans.md): the migrations, seeding the
 * world, and making and dropping the months' partitions.
 */
export type QueryPhase = 'request' | 'migrate' | 'seed' | 'partitions';

const phaseScope = new AsyncLocalStorage<QueryPhase>();

/** Runs `work` with its statements captured under `phase` (only a label: nothing else changes). */
export function inQueryPhase<T>(phase: QueryPhase, work: () => Promise<T>): Promise<T> {
  return phaseScope.run(phase, work);
}

/**
 * One captured statement: its SQL text as sent to PostgreSQL and the parameters of the first call
 * that sent it (docs/decisions/041-query-plans.md). A JSON line of QUERY_CAPTURE_FILE.
 */
export interface CapturedQuery {
  phase: QueryPhase;
  text: string;
  params: unknown[];
}

/** Parameters as JSON: a date as its ISO text, a bigint as digits, bytes as bytea's hex text. */
function jsonValue(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (
    value &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  )
    return `\\x${Buffer.from((value as { data: number[] }).data).toString('hex')}`;
  return value;
}

/**
 * Appends each SQL text this process sends, once per phase (the first parameters seen with it),
 * to `file` as JSON lines. Several processes may append to the same file: the reader dedupes.
 */
export function queryRecorder(file: string): (text: string, params: unknown) => void {
  const seen = new Set<string>();
  return (text, params) => {
    const phase = phaseScope.getStore() ?? 'request';
    const key = `${phase}\0${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    const line: CapturedQuery = { phase, text, params: Array.isArray(params) ? params : [] };
    // Synchronous on purpose: a few hundred distinct texts in a run, each written once, and a
    // line is on disk before the process can stop.
    appendFileSync(file, `${JSON.stringify(line, jsonValue)}\n`);
  };
}

/**
 * Wraps `query` of a pool or a client so every statement it sends is recorded, in the caller's
 * phase. Drizzle sends a query outside a transaction with `pool.query`, a transaction's statements
 * with the `query` of a client of the pool: the pool is wrapped once, each client once when it
 * connects (pool.query's own call of the client's `query` is then a repeat, already recorded).
 * That repeat runs in the context of whoever released the client, so while a pool is short of
 * clients a text can be recorded a second time under another phase: the check then plans one
 * statement too many, never one too few (a `request` text is always recorded as `request`).
 */
export function captureQueriesOf(
  target: pg.Pool | pg.PoolClient,
  record: (text: string, params: unknown) => void,
): void {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as unknown as { query: (...args: unknown[]) => unknown }).query = (
    ...args: unknown[]
  ) => {
    const [first, second] = args;
    if (typeof first === 'string') record(first, second);
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: unknown; values?: unknown };
      if (typeof config.text === 'string')
        record(config.text, Array.isArray(second) ? second : config.values);
    }
    return query(...args);
  };
}
