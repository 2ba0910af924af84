import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { budgetOf, ClientBudgets, registerRateLimits } from './rate-limits';

const spend = (budgets: ClientBudgets, key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    budgets.incr(key, (error, result) => (error ? reject(error) : resolve(result)), windowMs),
  );

describe('ClientBudgets', () => {
  it('counts per key within the window, then starts again', async () => {
    const budgets = new ClientBudgets();
    expect((await spend(budgets, 'a')).current).toBe(1);
    expect((await spend(budgets, 'a')).current).toBe(2);
    expect((await spend(budgets, 'b')).current).toBe(1);
    const first = await spend(budgets, 'c', 20);
    expect(first.ttl).toBeLessThanOrEqual(20);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await spend(budgets, 'c', 20)).current).toBe(1);
  });

  it('keeps at most maxClients budgets, letting the least recently seen go', async () => {
    const budgets = new ClientBudgets(3);
    for (const key of ['a', 'b', 'c']) await spend(budgets, key);
    await spend(budgets, 'a'); // a is now the most recent
    await spend(budgets, 'd'); // b goes
    expect(budgets.size).toBe(3);
    expect((await spend(budgets, 'a')).current).toBe(3);
    expect((await spend(budgets, 'b')).current).toBe(1);
    for (let i = 0; i < 1000; i++) await spend(budgets, `flood-${i}`);
    expect(budgets.size).toBe(3);
  });

  it('drops the budgets whose minute is over, asked for again or not', async () => {
    const budgets = new ClientBudgets(1_000, 50);
    for (let i = 0; i < 100; i++) await spend(budgets, `gone-${i}`, 20);
    expect(budgets.size).toBe(100);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(budgets.size).toBe(0);
    budgets.close();
  });

  it('is one store for every route', () => {
    const budgets = new ClientBudgets();
    expect(budgets.child()).toBe(budgets);
  });
});

describe('budgetOf', () => {
  it('names the budget each route spends', () => {
    expect(budgetOf('POST', '/api/v2/trackers/share')).toBe('write');
    expect(budgetOf('PUT', '/api/biz/locations/:id/info')).toBe('write');
    expect(budgetOf('DELETE', '/anything')).toBe('write');
    expect(budgetOf('GET', '/api/v2/search/wonder-search')).toBe('search');
    expect(budgetOf('GET', '/auth/:provider/start')).toBe('signIn');
    expect(budgetOf('GET', '/api/v2/locations/:id')).toBe('read');
    expect(budgetOf('HEAD', '/*')).toBe('read');
    expect(budgetOf('GET', '/idp/:provider/*')).toBe('read');
    expect(budgetOf('POST', '/idp/:provider/*')).toBe('write');
    expect(budgetOf('GET', '/sitemap.xml')).toBe('read');
    expect(budgetOf('GET', '/healthz')).toBeNull();
    expect(budgetOf('GET', '/readyz')).toBeNull();
    expect(budgetOf('GET', '/assets/entry.client-abc.js')).toBeNull();
    expect(budgetOf('GET', '/media/*')).toBeNull();
  });
});

describe('TRUST_PROXY_HOPS', () => {
  it('is a count of proxies, 0 by default', () => {
    expect(parseConfig({}).trustProxyHops).toBe(0);
    expect(parseConfig({ TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(() => parseConfig({ TRUST_PROXY_HOPS: '-1' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('replaces TRUST_PROXY, which is refused with a sentence saying so', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY is replaced by TRUST_PROXY_HOPS/,
    );
  });
});

describe('registerRateLimits', () => {
  it('refuses a route whose methods would spend different budgets', async () => {
    const app = Fastify();
    await registerRateLimits(app, parseConfig({}));
    app.get('/api/fine', async () => 'read');
    expect(() => app.all('/idp/:provider/*', async () => 'mixed')).toThrow(
      /mixes budgets \(read, write\): register its reads and writes as separate routes/,
    );
    await app.close();
  });
});
