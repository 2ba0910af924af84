import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript module of the database thread, without type declarations
import { preparedStatements } from './pglite-statements.mjs';

interface Prepared {
  query(
    sql: string,
    params: unknown[],
    options: { rowMode?: 'array' | 'object'; parsers?: Record<number, (v: string) => unknown> },
    inTransaction?: boolean,
  ): Promise<{
    rows: unknown[];
    fields: { name: string; dataTypeID: number }[];
    affectedRows?: number;
  }>;
  readonly size: number;
}

/** Named prepared statements answer exactly what PGlite's own `query` answers (ADR 030). */
describe('preparedStatements', () => {
  let db: PGlite;
  let prepared: Prepared;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`
      create table places (id int primary key, name text not null, tags text[] not null,
        meta jsonb, opened timestamptz, big bigint, open boolean);
      insert into places values
        (1, 'Nonna''s', '{pasta,wine}', '{"a": 1}', '2026-01-02 03:04:05+00', 9007199254740993, true),
        (2, 'Lucky', '{}', null, null, 5, false);
    `);
    prepared = preparedStatements(db, { limit: 3 }) as Prepared;
  }, 60_000);
  afterAll(() => db.close());

  it('answers the same rows and fields as PGlite in both row modes, again and again', async () => {
    const sql =
      'select id, name, tags, meta, opened, big, open from places where id = any($1) or name = $2 order by id';
    for (const rowMode of ['array', 'object'] as const) {
      const expected = await db.query(sql, [[1], 'Lucky'], { rowMode });
      for (let i = 0; i < 7; i++) {
        // past five runs PostgreSQL may switch to a generic plan; the answer must not change
        const answer = await prepared.query(sql, [[1], 'Lucky'], { rowMode });
        expect(answer.rows).toEqual(expected.rows);
        expect(answer.fields).toEqual(expected.fields);
      }
    }
    const none = await prepared.query(sql, [[], null], {});
    expect(none.rows).toEqual([]);
  });

  it('applies the caller’s parsers and reports affected rows of writes', async () => {
    const parsers = { 1184: (value: string) => `text:${value}` };
    const { rows } = await prepared.query('select opened from places where id = $1', [1], {
      parsers,
    });
    expect(rows).toEqual([{ opened: 'text:2026-01-02 03:04:05+00' }]);
    const write = await prepared.query('update places set open = $1 where id = $2', [true, 2], {});
    expect(write.affectedRows).toBe(1);
    expect((await db.query('select open from places where id = 2')).rows).toEqual([{ open: true }]);
  });

  it('passes an error on and stays usable; a statement that fails to parse is not kept', async () => {
    await expect(prepared.query('select 1 / $1::int as x', [0], {})).rejects.toMatchObject({
      code: '22012',
    });
    await expect(prepared.query('select nothing from nowhere', [], {})).rejects.toMatchObject({
      code: '42P01',
    });
    expect((await prepared.query('select 1 / $1::int as x', [1], {})).rows).toEqual([{ x: 1 }]);
    // the statement that did not parse was not kept, in the cache or in the database
    const kept = await db.query<{ n: number }>(
      "select count(*)::int n from pg_prepared_statements where statement like '%nowhere%'",
    );
    expect(kept.rows[0]!.n).toBe(0);
    await expect(
      prepared.query('insert into places (id, name, tags) values ($1, $2, $3)', [1, 'x', []], {}),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('keeps at most its limit of statements, and an evicted one is prepared again', async () => {
    for (let n = 1; n <= 5; n++) {
      expect((await prepared.query(`select $1::int + ${n} as v`, [1], {})).rows).toEqual([
        { v: 1 + n },
      ]);
    }
    expect(prepared.size).toBe(3);
    // the server closed what the cache let go of: no statement leaks in the database
    const open = await db.query<{ n: number }>(
      "select count(*)::int n from pg_prepared_statements where name like 'spotreel_%'",
    );
    expect(open.rows[0]!.n).toBe(3);
    expect((await prepared.query('select $1::int + 1 as v', [1], {})).rows).toEqual([{ v: 2 }]);
  });

  it('prepares again a statement whose table changed shape', async () => {
    await db.exec('create table notes (id int)');
    await db.exec('insert into notes values (1)');
    expect((await prepared.query('select * from notes', [], {})).rows).toEqual([{ id: 1 }]);
    await db.exec('alter table notes add column body text');
    expect((await prepared.query('select * from notes', [], {})).rows).toEqual([
      { id: 1, body: null },
    ]);
    // The stale statement was closed in the database, not left behind under its old name.
    const open = await db.query<{ n: number }>(
      "select count(*)::int n from pg_prepared_statements where name like 'spotreel_%'",
    );
    expect(open.rows[0]!.n).toBe(prepared.size);
  });

  it('runs inside a transaction that holds the database, and rolls back with it', async () => {
    await expect(
      db.transaction(async () => {
        await prepared.query(
          "insert into places (id, name, tags) values ($1, $2, '{}')",
          [3, 'Tx'],
          {},
          true,
        );
        const seen = await prepared.query('select name from places where id = $1', [3], {}, true);
        expect(seen.rows).toEqual([{ name: 'Tx' }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await prepared.query('select name from places where id = $1', [3], {})).rows).toEqual(
      [],
    );
  });
});
