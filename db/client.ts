import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread';
import { projectRoot } from './project-root';
import * as schema from './schema';
import { probeFolder, StorageFaults } from './storage-faults';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** 'pglite' for the embedded database, 'postgres' for a server (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * What the process knows of the database's storage: a full or read-only disk, a server that
   * does not answer (docs/decisions/026-storage-faults.md). `check()` probes it: the database
   * answers, and can write (the embedded database's folder takes a file; a server is not
   * read-only).
   */
  faults: StorageFaults;
  close(): Promise<void>;
}

const migrationsFolder = join(projectRoot(), 'db', 'migrations');

/**
 * How long a call waits to connect to the PostgreSQL server, or for a free connection of the
 * pool: past it the call fails (a 503) instead of waiting on a server that does not answer.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Search tolerates a typo or two in a word (server/api/search.ts): pg_trgm's `<%` threshold. */
const WORD_SIMILARITY_THRESHOLD = 0.45;

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; absent for the embedded database. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; absent for an in-memory one (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    const db = drizzlePg(pool, { schema });
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
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => void (await pool.query('select 1')),
      faults,
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGliteThread.start({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    settings: [`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`],
  });
  const db = drizzlePglite(client.asClient(), { schema });
  const ping = async () => void (await db.execute(sql`select 1`));
  const { pgliteDir } = options;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping,
    // PGlite writes its folder itself: a folder that takes no file is a database that cannot write.
    faults: new StorageFaults(async () => {
      await ping();
      return pgliteDir ? probeFolder(pgliteDir) : null;
    }),
    close: () => client.close(),
  };
}
