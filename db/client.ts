import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { withReplicas, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Results } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MAX_USES, NamingClient, PooledClient } from './pg-client';
import { maintainPartitions, type MaintenanceResult } from './partitions';
import { PGliteThread } from './pglite-thread';
import { inQueryPhase, queryRecorder, statementLogger } from './query-capture';
import { projectRoot } from './project-root';
import * as schema from './schema';
import { probeFolder, storageFaultOf, StorageFaults } from './storage-faults';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * The embedded database's query, as PGlite answers it: for the search thread's reads, which
   * have no connection of their own (server/search/search-thread.ts). Absent on PostgreSQL.
   */
  embeddedQuery?: (
    sql: string,
    params: unknown[],
    rowMode?: 'array' | 'object',
  ) => Promise<Results>;
  /** 'pglite' for the embedded database, 'postgres' for a server (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations, then makes the partitions of the months to come and drops those past
   * retention (db/partitions.ts): a database it returns from can take this month's writes.
   */
  migrate(): Promise<MaintenanceResult>;
  /**
   * Runs `work` while no other process on this database runs its own (a PostgreSQL advisory
   * lock, held on a connection of its own): replicas starting together migrate and seed one after
   * the other, and the later ones find the work done. The embedded database has one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * What the process knows of the database's storage: a full or read-only disk, a server that
   * does not answer (docs/decisions/026-storage-faults.md). `check()` probes it: the database
   * answers, and can write (the embedded database's folder takes a file; a server is not
   * read-only).
   */
  faults: StorageFaults;
  /**
   * Runs a public read on the read replica (DATABASE_READ_URL) when there is one and this process
   * has not just written what public reads show; on the primary otherwise (ADR 040). The reads
   * `read` builds through `db` go there (ADR 072: `select`, the relational `query`, and what
   * `readerOf(db)` gives); writes, `execute` and transactions always go to the primary.
   */
  fromReadReplica<T>(read: () => Promise<T>): Promise<T>;
  /**
   * This process wrote what public reads show: they go to the primary for the replica's catch-up
   * time, so the caches it just emptied are filled with the write, not with what came before.
   */
  publicWrite(): void;
  /**
   * Cross-process signals (docs/decisions/039-replicas.md): PostgreSQL's NOTIFY to every
   * process listening on `channel`, the sender included. The embedded database has one process:
   * nothing is sent.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Hears `channel` on a connection of its own, reconnecting after a loss (`onResumed` then
   * runs: what was sent meanwhile is lost). The embedded database never calls back. Returns
   * the way to stop.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = join(projectRoot(), 'db', 'migrations');

/**
 * How long a call waits to connect to the PostgreSQL server, or for a free connection of the
 * pool: past it the call fails (a 503) instead of waiting on a server that does not answer.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Search tolerates a typo or two in a word (server/api/search.ts): pg_trgm's `<%` threshold. */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; absent for the embedded database. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; absent for an in-memory one (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** postgres://… of a streaming replica for public reads (ADR 040); only with databaseUrl. */
  readUrl?: string | undefined;
  /** How long public reads stay on the primary after a write of this process (ms). */
  readCatchUpMs?: number;
  /**
   * Appends each distinct SQL text Drizzle sends (and its first parameters) to this file as JSON
   * lines, for the plan check (docs/decisions/041-query-plans.md), through Drizzle's `logger`.
   * Absent: no capture.
   */
  queryCaptureFile?: string | undefined;
  /**
   * Told each statement Drizzle sends, with its parameters, through Drizzle's `logger` (tests
   * count what one page render asks: tests/api/page-statements.test.ts).
   */
  onStatement?: (text: string, params: unknown) => void;
  /**
   * Whether PostgreSQL connections name each read and write by its text (ADR 043); on by
   * default, off only for bench/pg-statements.ts, which measures what naming pays.
   */
  namedStatements?: boolean;
}

/** How long public reads stay on the primary after the read replica failed to answer. */
const REPLICA_RETRY_MS = 5_000;
/** The advisory lock key the start's migrations and seed hold (any fixed number of our own). */
const STARTUP_LOCK = 73_061_001;

/** Whether the reads of the current async context go to the read replica (fromReadReplica). */
const replicaScope = new AsyncLocalStorage<boolean>();

/** Of each database with a read replica, the database a read made now goes to. */
const readers = new WeakMap<Database, () => Database>();

/**
 * The primary with its read replica, by Drizzle's `withReplicas` (ADR 072): `select`, `with`,
 * `$count` and the relational `query` ask the chooser, which takes the replica inside
 * `fromReadReplica` and the primary everywhere else; writes, `execute` and transactions always
 * use the primary. The choice is made when the query is built, in its caller's async context.
 */
function routed(primary: Database, replica: Database): Database {
  const choose = () => (replicaScope.getStore() === true ? replica : primary);
  const db = withReplicas(primary, [replica, primary], choose);
  readers.set(db, choose);
  return db;
}

/**
 * The database a read made now goes to: for `db` with a read replica, the one `routed`'s chooser
 * takes; any other (the embedded database, a transaction) is its own. For what `withReplicas`
 * does not route itself: a query built once and kept (server/api/read-models.ts `prepared`,
 * bound to the database it was built on) and a public read in raw SQL (`execute`, which
 * `withReplicas` sends to the primary).
 */
export function readerOf(db: Database): Database {
  return readers.get(db)?.() ?? db;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = statementLogger([
    ...(options.queryCaptureFile ? [queryRecorder(options.queryCaptureFile)] : []),
    ...(options.onStatement ? [options.onStatement] : []),
  ]);
  if (options.databaseUrl) {
    const poolOf = (connectionString: string) =>
      new pg.Pool({
        connectionString,
        max: options.poolSize ?? 10,
        options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        // A connection keeps the statements it prepared (ADR 043): replaced now and then.
        maxUses: MAX_USES,
        Client: options.namedStatements === false ? PooledClient : NamingClient,
      });
    const pool = poolOf(options.databaseUrl);
    const replica = options.readUrl ? poolOf(options.readUrl) : undefined;
    const primaryDb = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) });
    let primaryUntil = 0;
    const db = replica
      ? routed(primaryDb, drizzlePg(replica, { schema, ...(logger ? { logger } : {}) }))
      : primaryDb;
    const faults = new StorageFaults(async () => {
      const { rows } = await pool.query<{ read_only: string }>(
        "select current_setting('transaction_read_only') as read_only",
      );
      return rows[0]?.read_only === 'on' ? 'read_only' : null;
    });
    // A connection the server drops (it stopped, say) emits 'error' on its client: unheard, that
    // would stop the process. Idle clients are the pool's; a client lent out (a transaction
    // between two statements) is heard here too. The call using it fails on its own.
    pool.on('error', (error) => faults.report(error));
    pool.on('connect', (client) => client.on('error', (error) => faults.report(error)));
    // The replica's troubles are not the primary's: its reads fall back (fromReadReplica), and
    // /readyz, which speaks for the primary, stays ready.
    replica?.on('error', () => {});
    replica?.on('connect', (client) => client.on('error', () => {}));
    /** Until then the replica is not asked: it failed to answer a moment ago. */
    let replicaDownUntil = 0;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await inQueryPhase('migrate', () => migratePg(primaryDb, { migrationsFolder }));
        return maintainPartitions(db);
      },
      exclusively: async (work) => {
        // A connection of its own, outside the pool: the work's own queries need the pool's
        // (with DATABASE_POOL_SIZE=1 the lock's holder would otherwise take the only one).
        const holder = new pg.Client({
          connectionString: options.databaseUrl,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        holder.on('error', () => {});
        await holder.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          // Ending the session releases the lock, whatever the work did.
          await holder.end().catch(() => {});
        }
      },
      ping: async () => void (await pool.query('select 1')),
      faults,
      fromReadReplica: async (read) => {
        const now = Date.now();
        if (!replica || now < primaryUntil || now < replicaDownUntil) return read();
        try {
          return await replicaScope.run(true, read);
        } catch (error) {
          // A replica that does not answer is not the visitor's problem: the primary answers,
          // and the replica is left alone for a while (ADR 040).
          if (storageFaultOf(error) !== 'unavailable') throw error;
          replicaDownUntil = Date.now() + REPLICA_RETRY_MS;
          return read();
        }
      },
      publicWrite: () => {
        primaryUntil = Date.now() + (options.readCatchUpMs ?? 2_000);
      },
      notify: async (channel, payload) =>
        void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
      listen: (channel, onMessage, onResumed) =>
        listenOn(options.databaseUrl!, channel, onMessage, onResumed),
      close: async () => {
        await Promise.all([pool.end(), replica?.end()]);
      },
    };
  }
  // Private from the start (docs/decisions/061-private-data-folder.md); the thread keeps its files so.
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true, mode: 0o700 });
  const client = await PGliteThread.start({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    settings: [`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`],
  });
  const db = drizzlePglite(client.asClient(), { schema, ...(logger ? { logger } : {}) });
  const ping = async () => void (await db.execute(sql`select 1`));
  const { pgliteDir } = options;
  return {
    db,
    embeddedQuery: (text, params, rowMode) =>
      client.query(text, params, rowMode ? { rowMode } : undefined),
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      return maintainPartitions(db);
    },
    // One process, one database: nobody to wait for, and no replica.
    exclusively: (work) => work(),
    ping,
    fromReadReplica: (read) => read(),
    publicWrite: () => {},
    // PGlite writes its folder itself: a folder that takes no file is a database that cannot write.
    faults: new StorageFaults(async () => {
      await ping();
      return pgliteDir ? probeFolder(pgliteDir) : null;
    }),
    notify: async () => {},
    listen: async () => async () => {},
    close: () => client.close(),
  };
}

/**
 * LISTEN on a client of its own (a pooled connection would be handed to other queries): on a
 * lost connection it connects again after a second, says so through `onResumed`, and goes on.
 */
async function listenOn(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onResumed?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (resumed: boolean) => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    const again = () => {
      if (stopped || client !== next) return;
      client = null;
      next.removeAllListeners();
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => {}), 1000);
      retry.unref();
    };
    client = next;
    next.on('error', again);
    next.on('end', again);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      again();
      if (resumed) return;
      stopped = true;
      clearTimeout(retry);
      throw error;
    }
    if (resumed) onResumed?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    if (last) {
      last.removeAllListeners();
      last.on('error', () => {});
      // A connection still being made to a server that does not answer ends when that attempt
      // gives up (CONNECT_TIMEOUT_MS): a shutdown does not wait for it.
      await Promise.race([
        last.end().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 1000).unref()),
      ]);
    }
  };
}
