import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * The client of every pooled PostgreSQL connection, given to pg.Pool as its `Client` option
 * (docs/decisions/072-database-clients-unpatched.md): what the product needs of a connection
 * beyond pg's own, declared once, instead of wrapping each client's `query` as it connects.
 */

type Callback = (error: Error | null, result?: unknown) => void;
type Release = (error?: Error | boolean) => void;

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
  [key: string]: unknown;
}

const isConfig = (value: unknown): value is QueryConfig =>
  typeof value === 'object' && value !== null && typeof (value as QueryConfig).text === 'string';

/**
 * A statement prepared before its tables changed shape (a newer replica's migration): "cached
 * plan must not change result type" (0A000), or a name the server no longer has (26000).
 */
const isStale = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '0A000' || code === '26000';
};

export class PooledClient extends pg.Client {
  #giveBack: Release | undefined;
  #givenBack = false;

  /**
   * pg-pool sets `release` on each loan. Drizzle's `transaction` (node-postgres) borrows a client
   * and sends `begin` before its own try/finally: when `begin` fails (the server went away between
   * the loan and the statement) it never gives the client back, the pool has one connection less
   * for good, and `pool.end()` (every shutdown) waits for it forever. A failed `begin` gives it
   * back here, as broken (the pool closes it); a borrower that releases it too after that (pg's
   * own connect, BEGIN, release) finds it done: pg would throw on the second release.
   */
  get release(): Release | undefined {
    return this.#givenBack ? () => {} : this.#giveBack;
  }
  set release(release: Release | undefined) {
    this.#giveBack = release;
    this.#givenBack = false;
  }

  // pg's own forms: (text | config), (…, values), (…, callback), (…, values, callback); pg-pool's
  // `query` uses the last, Drizzle the second. A Submittable (a cursor, a stream) goes as it is.
  // Typed `never` so that it fits every one of pg's overloads it overrides.
  override query(...args: unknown[]): never {
    const [first, second, third] = args;
    const plain =
      typeof first === 'string' ||
      (isConfig(first) && typeof (first as { submit?: unknown }).submit !== 'function');
    if (!plain) return super.query(...(args as [never])) as never;
    const callback = (typeof second === 'function' ? second : third) as Callback | undefined;
    const config: QueryConfig = typeof first === 'string' ? { text: first } : { ...first };
    if (Array.isArray(second)) config.values = second;
    const answer = this.send(config).catch((error: unknown) => {
      if (/^\s*begin\b/i.test(config.text) && this.#giveBack && !this.#givenBack) {
        this.#giveBack(error instanceof Error ? error : new Error(String(error)));
        this.#givenBack = true;
      }
      throw error;
    });
    if (!callback) return answer as never;
    answer.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error as Error),
    );
    return undefined as never;
  }

  /** Sends one statement; a named one prepared before its tables changed is prepared again. */
  protected send(config: QueryConfig): Promise<unknown> {
    const run = () => super.query(config as pg.QueryConfig) as Promise<unknown>;
    if (!config.name) return run();
    const name = config.name;
    return run().catch(async (error: unknown) => {
      if (!isStale(error)) throw error;
      // Inside a transaction the error has ended it and nothing can be dropped: the caller gets
      // the error, and the next use outside one drops it.
      if ((error as { code?: unknown }).code === '0A000') {
        const dropped = await (super.query(`deallocate "${name}"`) as Promise<unknown>).then(
          () => true,
          () => false,
        );
        if (!dropped) throw error;
      }
      // pg's own record of what this connection prepared: forgotten, so it prepares it again.
      delete (this as unknown as { connection: { parsedStatements: Record<string, string> } })
        .connection.parsedStatements[name];
      return run();
    });
  }
}

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

/**
 * Names each read and write by a hash of its text (ADR 043), so a connection parses and plans it
 * once: pg's own `name` of a query config, which pg and PostgreSQL keep per connection. It pays
 * in bench/RESULTS.md, block `bench:pg-statements` (2026-11-29): PostgreSQL's CPU a request is
 * 11–72% lower than unnamed in every row of both runs. Reads only and writes only (not
 * transaction control, settings, locks or DDL); a long list of values (a list of ids of varying
 * length) is sent unnamed, and the pool replaces a connection after MAX_USES loans, which bounds
 * how many statements one keeps.
 */
export class NamingClient extends PooledClient {
  protected override send(config: QueryConfig): Promise<unknown> {
    if (!NAMED.test(config.text) || (config.values?.length ?? 0) > MAX_NAMED_VALUES)
      return super.send(config);
    return super.send({ ...config, name: nameOf(config.text) });
  }
}
