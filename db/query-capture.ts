import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import type { Logger } from 'drizzle-orm';

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
 * Drizzle's `logger` option that tells each of `listeners` every statement Drizzle sends, with its
 * parameters: the plan check's recorder, a test's count. Drizzle calls it as it sends the
 * statement, in its caller's async context, so the phase recorded is the caller's. (Statements
 * sent with pg's own `pool.query`, the health checks and NOTIFY, are not Drizzle's: not told.)
 * Absent when there is nobody to tell.
 */
export function statementLogger(
  listeners: ((text: string, params: unknown) => void)[],
): Logger | undefined {
  if (listeners.length === 0) return undefined;
  return {
    logQuery: (text, params) => {
      for (const listener of listeners) listener(text, params);
    },
  };
}
