import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamingClient } from '../../db/pg-client';
import { ownDatabaseUrl } from './own-database';

/**
 * Statements prepared by name on a PostgreSQL connection (db/pg-client.ts, ADR 043): parsed
 * once per connection, the same answers as unnamed ones, and a statement whose table changed
 * shape (a newer replica's migration) answers with the new shape instead of failing for ever.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('statements prepared by name', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    // One connection: what it prepared is what the next call finds.
    pool = new pg.Pool({
      connectionString: await ownDatabaseUrl('pg_statements'),
      max: 1,
      Client: NamingClient,
    });
    await pool.query('create table dishes (id int primary key, name text)');
    await pool.query({
      text: 'insert into dishes values ($1, $2), ($3, $4)',
      values: [1, 'taco', 2, 'ramen'],
    });
  });
  afterAll(async () => {
    await pool.end();
  });

  const prepared = async () =>
    (
      await pool.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where name like 's\\_%'",
      )
    ).rows[0]!.n;

  it('parses a text once per connection, and answers as an unnamed statement would', async () => {
    const before = await prepared();
    const ask = {
      text: 'select id, name from dishes where id > $1 order by id',
      values: [0],
      rowMode: 'array' as const,
    };
    const first = await pool.query(ask);
    const again = await pool.query(ask);
    expect(first.rows).toEqual([
      [1, 'taco'],
      [2, 'ramen'],
    ]);
    expect(again.rows).toEqual(first.rows);
    // The count's own statement, and this one: prepared once each, however often run.
    expect((await prepared()) - before).toBeLessThanOrEqual(2);
    expect(await prepared()).toBeGreaterThan(0);
    // A transaction's client (Drizzle's path) prepares too, and callbacks still answer.
    const client = await pool.connect();
    try {
      await client.query('begin');
      expect((await client.query(ask)).rows).toHaveLength(2);
      await client.query('commit');
    } finally {
      client.release();
    }
    const viaCallback = await new Promise((resolve, reject) =>
      pool.query({ text: 'select name from dishes where id = $1', values: [2] }, (error, result) =>
        error ? reject(error) : resolve(result.rows),
      ),
    );
    expect(viaCallback).toEqual([{ name: 'ramen' }]);
  });

  it('answers with the new shape after its table changed, outside and after a transaction', async () => {
    const ask = { text: 'select * from dishes order by id' };
    expect((await pool.query(ask)).fields.map((f) => f.name)).toEqual(['id', 'name']);
    await pool.query('alter table dishes add column price int');
    // Outside a transaction: dropped and prepared again, the new column there.
    expect((await pool.query(ask)).fields.map((f) => f.name)).toEqual(['id', 'name', 'price']);
    // A statement named by its caller (Drizzle's prepared statements) recovers the same way.
    const byName = {
      name: 'dishes_by_id',
      text: 'select * from dishes where id > $1',
      values: [0],
    };
    expect((await pool.query(byName)).fields.map((f) => f.name)).toEqual(['id', 'name', 'price']);
    await pool.query('alter table dishes alter column price type bigint');
    expect((await pool.query(byName)).rows).toHaveLength(2);
    await pool.query('alter table dishes drop column price');
    expect((await pool.query(byName)).fields.map((f) => f.name)).toEqual(['id', 'name']);
    // Inside one, the error ends it; after it, the statement works again.
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query(ask)).rejects.toMatchObject({ code: '0A000' });
      await client.query('rollback');
      expect((await client.query(ask)).fields.map((f) => f.name)).toEqual(['id', 'name']);
    } finally {
      client.release();
    }
  });
});
