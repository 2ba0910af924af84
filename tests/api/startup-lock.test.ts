import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { ownDatabaseUrl } from './own-database';

/**
 * Replicas started together on an empty PostgreSQL database (a deployment's first rollout):
 * each migrates at start. Without taking turns two of them create the same tables at once and
 * one fails its start (ADR 039).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('replicas starting together', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  it('migrate one after the other, and every start succeeds', async () => {
    const url = (await ownDatabaseUrl('startup_lock'))!;
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: url }));
    const order: string[] = [];
    await Promise.all(
      handles.map((h, i) =>
        h.exclusively(async () => {
          order.push(`start ${i}`);
          await h.migrate();
          order.push(`end ${i}`);
        }),
      ),
    );
    // Never two at once: each start is followed by its own end.
    for (let k = 0; k < order.length; k += 2)
      expect(order[k + 1]).toBe(order[k]!.replace('start', 'end'));
    const applied = await handles[0]!.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const rows = (Array.isArray(applied) ? applied : (applied as { rows: unknown[] }).rows) as {
      n: number;
    }[];
    expect(rows[0]!.n).toBeGreaterThan(5);
  });
});
