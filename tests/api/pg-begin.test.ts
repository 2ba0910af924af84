import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PooledClient } from '../../db/pg-client';
import { ownDatabaseUrl } from './own-database';

/**
 * A pooled connection whose `begin` fails (the server went away between the loan and the
 * statement) goes back to the pool (db/pg-client.ts): Drizzle's `transaction` would keep it, and `pool.end()`, a
 * shutdown, would wait for it forever (tests/start/postgres-outage.test.ts saw that as a stop
 * killed after its 10 s of grace). On a real PostgreSQL server only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a pooled connection whose begin fails', () => {
  it('goes back to the pool, broken, so the pool can end', async () => {
    const url = await ownDatabaseUrl('pg_begin');
    const pool = new pg.Pool({ connectionString: url, max: 2, Client: PooledClient });
    pool.on('error', () => {});
    const client = await pool.connect();
    client.on('error', () => {});
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // The server ends this connection while it is lent out, as a crash or restart would.
    const ended = new Promise((resolve) => client.once('end', resolve));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    await ended;

    await expect(client.query('begin')).rejects.toThrow();
    expect(pool.totalCount).toBe(0);
    // A borrower that gives it back itself (pg's connect, BEGIN, release) is not refused:
    // pg throws on a second release.
    expect(() => client.release()).not.toThrow();
    const closed = await Promise.race([
      pool.end().then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    expect(closed).toBe('ended');
  });

  it('leaves a client whose begin succeeds with its borrower', async () => {
    const pool = new pg.Pool({
      connectionString: await ownDatabaseUrl('pg_begin_ok'),
      max: 1,
      Client: PooledClient,
    });
    const client = await pool.connect();
    await client.query('begin');
    await client.query('commit');
    expect(pool.idleCount).toBe(0);
    client.release();
    expect(pool.idleCount).toBe(1);
    await pool.end();
  });
});
