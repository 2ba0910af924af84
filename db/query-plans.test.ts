import { describe, expect, it } from 'vitest';
import {
  keepsGenericPlan,
  explainOutput,
  largeSeqScans,
  seqScanNodes,
  statementsToCheck,
  tableSizesOf,
} from './query-plans';

// As PostgreSQL 15 answers `EXPLAIN (FORMAT JSON)`, trimmed to the fields that matter.
const plan = (scanned: string) =>
  explainOutput.parse([
    {
      Plan: {
        'Node Type': 'Limit',
        'Plan Rows': 20,
        Plans: [
          {
            'Node Type': 'Nested Loop',
            'Parent Relationship': 'Outer',
            Plans: [
              {
                'Node Type': 'Index Scan',
                'Relation Name': 'cities',
                'Index Name': 'cities_pkey',
              },
              {
                'Node Type': 'Seq Scan',
                'Parallel Aware': false,
                'Relation Name': scanned,
                Alias: 'r',
                Filter: '(location_id = $1)',
              },
            ],
          },
        ],
      },
    },
  ])[0]!.Plan;

const sizes = tableSizesOf([
  { relation: 'reviews', root: 'reviews', rows: 683_194 },
  { relation: 'cities', root: 'cities', rows: 14 },
  { relation: 'review_reads', root: 'review_reads', rows: 0 },
  { relation: 'review_reads_2026_10', root: 'review_reads', rows: 6_000 },
  { relation: 'review_reads_2026_11', root: 'review_reads', rows: 5_000 },
  { relation: 'shares_2026_11', root: 'shares', rows: 400 },
]);

describe('the plan walker', () => {
  it('finds a sequential scan however deep it is', () => {
    expect(seqScanNodes(plan('reviews')).map((n) => n['Relation Name'])).toEqual(['reviews']);
  });

  it('fails a sequential scan of a large table', () => {
    expect(largeSeqScans(plan('reviews'), sizes)).toEqual([
      { table: 'reviews', relation: 'reviews', rows: 683_194 },
    ]);
  });

  it('passes a sequential scan of a small table', () => {
    expect(largeSeqScans(plan('cities'), sizes)).toEqual([]);
    expect(largeSeqScans(plan('shares_2026_11'), sizes)).toEqual([]);
  });

  it('counts a partition as its parent, all partitions summed', () => {
    // 5,000 rows alone, but review_reads holds 11,000.
    expect(largeSeqScans(plan('review_reads_2026_11'), sizes)).toEqual([
      { table: 'review_reads', relation: 'review_reads_2026_11', rows: 11_000 },
    ]);
  });

  it('passes a plan with index scans only', () => {
    const indexed = explainOutput.parse([
      { Plan: { 'Node Type': 'Index Scan', 'Relation Name': 'reviews' } },
    ])[0]!.Plan;
    expect(largeSeqScans(indexed, sizes)).toEqual([]);
  });
});

describe('the statements checked', () => {
  it('plans what the product sends, once per text, and counts what it leaves out', () => {
    const { check, upkeep, noPlan } = statementsToCheck([
      { phase: 'request', text: 'select 1 from reviews where id = $1', params: [1] },
      { phase: 'request', text: 'select 1 from reviews where id = $1', params: [2] },
      { phase: 'request', text: 'with x as (select 1) delete from tips', params: [] },
      { phase: 'request', text: 'begin', params: [] },
      { phase: 'request', text: "set local lock_timeout = '5s'", params: [] },
      { phase: 'seed', text: 'update locations set review_count = 0', params: [] },
      { phase: 'migrate', text: 'create index x on y (z)', params: [] },
    ]);
    expect(check.map((q) => q.params)).toEqual([[1], []]);
    expect({ upkeep, noPlan }).toEqual({ upkeep: 2, noPlan: 2 });
  });
});

describe('a generic plan', () => {
  const plan = (cost: number) => ({ 'Node Type': 'Limit', 'Total Cost': cost });
  it('is kept when it costs less than the custom plan and its planning', () => {
    // planning priced at 1000 × 0.0025 per relation and one: 7.5 for two relations
    expect(keepsGenericPlan(plan(115), plan(108), 2)).toBe(true);
  });
  it('is not kept (never run) when it costs as much or more', () => {
    expect(keepsGenericPlan(plan(115.5), plan(108), 2)).toBe(false);
    expect(keepsGenericPlan(plan(116), plan(108), 2)).toBe(false);
    expect(keepsGenericPlan(plan(48_000), plan(30), 4)).toBe(false);
  });
});
