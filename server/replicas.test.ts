import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { idpAdapter } from './auth/idp-store';
import { createChangeBus } from './change-bus';
import { DatabaseBudgets } from './rate-limits';

// The shared pieces of several replicas (docs/decisions/039-replicas.md) on an in-memory
// database; npm run test:replicas runs them across processes on PostgreSQL.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
}, 60_000);
afterAll(() => database.close());

const count = (store: DatabaseBudgets, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
  );

describe('the budgets in the database', () => {
  it('counts one window per key, and starts a new one when it is over', async () => {
    const a = new DatabaseBudgets(database.db);
    const b = new DatabaseBudgets(database.db);
    try {
      expect((await count(a, 'write:10.0.0.1', 60_000)).current).toBe(1);
      // another process, the same budget
      const second = await count(b, 'write:10.0.0.1', 60_000);
      expect(second.current).toBe(2);
      expect(second.ttl).toBeGreaterThan(55_000);
      expect(second.ttl).toBeLessThanOrEqual(60_000);
      expect((await count(a, 'write:10.0.0.2', 60_000)).current).toBe(1);
      await count(a, 'read:10.0.0.3', 50);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await count(b, 'read:10.0.0.3', 50)).current).toBe(1);
    } finally {
      a.close();
      b.close();
    }
  });

  it('counts every one of many requests at once', async () => {
    const store = new DatabaseBudgets(database.db);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => count(store, 'write:10.0.0.9', 60_000)),
      );
      expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    } finally {
      store.close();
    }
  });
});

describe("the bundled provider's adapter", () => {
  it('finds, consumes, expires and revokes by grant, per model and provider', async () => {
    const Google = idpAdapter(database.db, 'google');
    const codes = new Google('AuthorizationCode');
    const sessions = new Google('Session');
    const appleCodes = new (idpAdapter(database.db, 'apple'))('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'a' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await codes.find('c1')).toMatchObject({ grantId: 'g1', accountId: 'a' });
    expect(await appleCodes.find('c1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a' });
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
    await codes.upsert('gone', { accountId: 'a' }, -1);
    expect(await codes.find('gone')).toBeUndefined();
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });
});

describe('the change bus', () => {
  it('is silent on the embedded database: one process, nothing to tell', async () => {
    const log = { warn: () => {} } as never;
    const bus = await createChangeBus(database, log);
    let heard = 0;
    bus.on('public', () => (heard += 1));
    bus.publish('public');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toBe(0);
    await bus.close();
  });
});
