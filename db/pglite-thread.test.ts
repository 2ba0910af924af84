import type { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGliteThread } from './pglite-thread';

/** The embedded database in its own thread, as Drizzle uses it (db/client.ts). */
describe('PGliteThread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.start({ settings: ['set application_name = thread_test'] });
    await db.exec('create table notes (id int primary key, body text not null)');
  }, 60_000);
  afterAll(() => db.close());

  it('answers queries in rows or arrays, with the settings it was started with', async () => {
    await db.query('insert into notes values ($1, $2)', [1, 'one']);
    expect((await db.query('select * from notes')).rows).toEqual([{ id: 1, body: 'one' }]);
    const arrays = await db.query('select id, body from notes', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'one']]);
    expect((await db.query('show application_name')).rows).toEqual([
      { application_name: 'thread_test' },
    ]);
    // timestamps stay the text PostgreSQL sends, as Drizzle expects
    const [row] = (await db.query<{ t: unknown }>("select '2026-01-02 03:04:05'::timestamp t"))
      .rows;
    expect(row!.t).toBe('2026-01-02 03:04:05');
  });

  it('keeps a transaction whole: committed on success, rolled back on error', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into notes values (2, $1)', ['two']);
      await tx.query('insert into notes values (3, $1)', ['three']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into notes values (4, $1)', ['four']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = (await db.query<{ id: number }>('select id from notes order by id')).rows;
    expect(ids.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('holds other queries until a transaction ends, as PGlite does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.query('update notes set body = $1 where id = 1', ['uno']);
      await held;
      order.push('tx');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query('select body from notes where id = 1').then((r) => {
      order.push('outside');
      return r.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await tx;
    expect(await outside).toEqual([{ body: 'uno' }]);
    expect(order).toEqual(['tx', 'outside']);
  });

  it("passes PostgreSQL's error fields across the thread", async () => {
    const error = await db.query('insert into notes values (1, $1)', ['dup']).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', table: 'notes' });
  });

  it("serves Drizzle: nested transactions as savepoints, PostgreSQL's code in the cause", async () => {
    const orm = drizzle(db.asClient());
    await orm.execute(sql`create table tags (name text primary key)`);
    await orm.transaction(async (tx) => {
      await tx.execute(sql`insert into tags values ('kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into tags values ('undone')`);
          throw new Error('inner fails');
        })
        .catch(() => undefined);
    });
    const names = await orm.execute<{ name: string }>(sql`select name from tags`);
    expect(names.rows).toEqual([{ name: 'kept' }]);
    const duplicate = await orm.execute(sql`insert into tags values ('kept')`).catch((e) => e);
    expect((duplicate as { cause?: { code?: string } }).cause?.code).toBe('23505');
    // tx.rollback() ends the transaction without an error of the callback's own
    await orm
      .transaction(async (tx) => {
        await tx.execute(sql`insert into tags values ('dropped')`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await orm.execute(sql`select count(*)::int n from tags`)).rows).toEqual([{ n: 1 }]);
  });

  it('says once when the thread dies, and fails what was waiting and what comes after', async () => {
    const onFailure = vi.fn();
    const other = await PGliteThread.start({ settings: [], onFailure });
    const waiting = other.query('select pg_sleep(1)');
    await (Reflect.get(other, 'worker') as Worker).terminate();
    await expect(waiting).rejects.toThrow(/stopped/);
    await expect(other.query('select 1')).rejects.toThrow(/stopped/);
    expect(onFailure).toHaveBeenCalledTimes(1);
  }, 60_000);

  it('fails every call once the thread is gone', async () => {
    const other = await PGliteThread.start({ settings: [] });
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/stopped/);
  }, 60_000);
});
