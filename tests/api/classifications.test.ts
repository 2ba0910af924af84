import { describe, expect, it } from 'vitest';
import { api } from './client';

type List = {
  data: {
    clm_id: number;
    clm_name: string;
    safe_name: string;
    clm_pinned: string;
    clm_count: number;
  }[];
  pagination_data: { has_more: string; page: number; number_of_pages: number; total: number };
};

describe('GET /api/v3/classifications/cuisines', () => {
  it('gives 10 a page, page 1 by default, with counts', async () => {
    const { status, body } = await api<List>('/api/v3/classifications/cuisines');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    expect(body.pagination_data).toMatchObject({ page: 1, has_more: '1' });
    const counts = body.data.map((c) => c.clm_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('puts pinned cuisines first with pinned_first=true; clm_pinned is the string 1', async () => {
    const { body } = await api<List>(
      '/api/v3/classifications/cuisines?pinned_first=true&per_page=20',
    );
    const flags = body.data.map((c) => c.clm_pinned);
    expect(flags[0]).toBe('1');
    expect(flags).toEqual([...flags].sort().reverse());
    const pinned = body.data.filter((c) => c.clm_pinned === '1').map((c) => c.clm_count);
    expect(pinned).toEqual([...pinned].sort((a, b) => b - a));
  });

  it('filters to pinned items and to a city', async () => {
    const pinned = await api<List>('/api/v3/classifications/cuisines?pinned_only=1');
    expect(pinned.body.data.length).toBeGreaterThan(0);
    expect(pinned.body.data.every((c) => c.clm_pinned === '1')).toBe(true);
    const global = await api<List>('/api/v3/classifications/cuisines?per_page=100');
    const city = await api<List>('/api/v3/classifications/cuisines?city_id=1&per_page=100');
    const globalCount = new Map(global.body.data.map((c) => [c.clm_id, c.clm_count]));
    expect(city.body.data.length).toBeGreaterThan(0);
    expect(city.body.data.every((c) => c.clm_count <= (globalCount.get(c.clm_id) ?? 0))).toBe(true);
  });

  it('pages without overlap and reports the total', async () => {
    const one = await api<List>('/api/v3/classifications/cuisines?page=1');
    const two = await api<List>('/api/v3/classifications/cuisines?page=2');
    const ids = [...one.body.data, ...two.body.data].map((c) => c.clm_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(two.body.pagination_data.total).toBe(one.body.pagination_data.total);
    const past = await api<List>('/api/v3/classifications/cuisines?page=99');
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination_data).toMatchObject({
      has_more: '0',
      total: one.body.pagination_data.total,
    });
  });

  it.each(['per_page=0', 'per_page=10000', 'page=0', 'pinned_first=maybe', 'city_id=x'])(
    'refuses %s',
    async (q) => {
      expect((await api(`/api/v3/classifications/cuisines?${q}`)).status).toBe(400);
    },
  );
});

describe('GET /api/v3/classifications/practical-categories', () => {
  it('gives categories by count, 10 a page', async () => {
    const { status, body } = await api<List>('/api/v3/classifications/practical-categories');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    const counts = body.data.map((c) => c.clm_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.pagination_data.number_of_pages).toBeGreaterThanOrEqual(2);
  });
});
