import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Each SQL text a PostgreSQL connection runs is prepared once under a name of its own, then
 * bound and executed (docs/decisions/043-pg-statements.md), as ADR 030 does for the embedded
 * database. Drizzle sends unnamed statements: PostgreSQL parses, analyses and plans every one
 * anew, and at SEED_SCALE=100 that was most of a page's database time (a place page: about
 * 8.5 ms of parse and bind against 1.4 ms of execution). A named statement is parsed once per
 * connection, and PostgreSQL's plan cache keeps a generic plan once it is no worse than custom
 * ones (the sixth run on).
 *
 * A statement that comes with a name of its own (Drizzle's `.prepare(name)`, ADR 044) is named by
 * its text all the same: one scheme, and the same recovery below.
 *
 * Only reads and writes are named (select, insert, update, delete, with): not transaction
 * control, settings, locks or DDL. A statement whose tables changed shape since it was prepared
 * (a migration by a newer replica) fails with 0A000 "cached plan must not change result type"
 * (or 26000, gone): it is forgotten on that connection and, outside a transaction, run again.
 * The pool closes a connection after MAX_USES statements, which bounds how many a connection
 * keeps.
 */

/** How many times a connection is lent out before the pool replaces it (bounds its prepared statements). */
export const MAX_USES = 20_000;

/** Statements with more values than this are sent unnamed (a list of ids of varying length). */
const MAX_NAMED_VALUES = 100;

const NAMED = /^\s*(select|insert|update|delete|with)\b/i;

/** Each text's name, hashed once per process: the product sends a few hundred distinct texts. */
const names = new Map<string, string>();
/** Past this many texts the names are hashed afresh (texts built from input would be a leak). */
const MAX_NAMES = 5_000;

const nameOf = (text: string) => {
  let name = names.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
};

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
  [key: string]: unknown;
}

type Query = (config: unknown, ...rest: unknown[]) => unknown;

/** Makes `client` prepare its statements by name (the pool's 'connect' event calls it). */
export function prepareByName(client: pg.ClientBase): void {
  const original = client.query.bind(client) as unknown as Query;
  const connection = (
    client as unknown as {
      connection: { parsedStatements: Record<string, string> };
    }
  ).connection;
  /** A named run, promised; a statement prepared before its tables changed is dropped and run again. */
  const named = (config: QueryConfig): Promise<unknown> => {
    const name = nameOf(config.text);
    return (original({ ...config, name }) as Promise<unknown>).catch(async (error: unknown) => {
      const code = (error as { code?: string }).code;
      if (code !== '0A000' && code !== '26000') throw error;
      if (code === '26000') {
        // The server has no such statement (any more): forget it here and prepare it again.
        delete connection.parsedStatements[name];
        return original({ ...config, name });
      }
      // Prepared before its tables changed: dropped on both sides, then run afresh. Inside a
      // transaction the error has ended it and nothing can be dropped: the caller gets the
      // error, and the next use outside one drops it.
      const dropped = await (original(`deallocate "${name}"`) as Promise<unknown>).then(
        () => true,
        () => false,
      );
      if (!dropped) throw error;
      delete connection.parsedStatements[name];
      return original({ ...config, name });
    });
  };
  // As pg's own: (config), (config, values), (config, callback), (config, values, callback).
  // pg-pool's `query` calls the last; Drizzle's transactions the first.
  const run: Query = (config, values, callback) => {
    if (
      typeof config !== 'object' ||
      config === null ||
      typeof (config as QueryConfig).text !== 'string' ||
      !NAMED.test((config as QueryConfig).text) ||
      // Long lists of values vary in length: each length would be one more statement kept.
      ((config as QueryConfig).values?.length ?? 0) > MAX_NAMED_VALUES ||
      (Array.isArray(values) && values.length > MAX_NAMED_VALUES)
    )
      return original(config, values, callback);
    const done = typeof values === 'function' ? values : callback;
    const answer = named({
      ...(config as QueryConfig),
      ...(Array.isArray(values) ? { values } : {}),
    });
    if (typeof done !== 'function') return answer;
    answer.then(
      (result) => (done as (e: unknown, r?: unknown) => void)(null, result),
      (error: unknown) => (done as (e: unknown) => void)(error),
    );
    return undefined;
  };
  (client as unknown as { query: Query }).query = run;
}
