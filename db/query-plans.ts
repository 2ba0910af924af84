import { z } from 'zod';
import type { CapturedQuery } from './query-capture';

/**
 * The plan check (docs/decisions/041-query-plans.md): what counts as a statement of the product,
 * and what in its plan counts as a sequential scan of a large table.
 */

/** A table of at least this many rows (pg_class.reltuples; a partition counts as its parent). */
export const LARGE_TABLE_ROWS = 10_000;

/** One node of `EXPLAIN (FORMAT JSON)`: only the fields the check reads. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Plan Rows'?: number;
  'Total Cost'?: number;
  Plans?: PlanNode[];
}

const planNode: z.ZodType<PlanNode> = z.lazy(() =>
  z
    .object({
      'Node Type': z.string(),
      'Relation Name': z.string().optional(),
      Alias: z.string().optional(),
      'Plan Rows': z.number().optional(),
      'Total Cost': z.number().optional(),
      Plans: z.array(planNode).optional(),
    })
    .loose(),
);

/**
 * Whether PostgreSQL would keep `generic` for a statement prepared by name (ADR 043): it does once
 * the generic plan costs less than the custom ones plus their planning, which it prices at
 * 1000 × cpu_operator_cost per relation and one (2.5 each by default). A generic plan costing
 * more is never used, whatever it scans: the statement keeps being planned with its values.
 */
export function keepsGenericPlan(generic: PlanNode, custom: PlanNode, relations: number): boolean {
  const planning = 1000 * 0.0025 * (relations + 1);
  return (generic['Total Cost'] ?? 0) < (custom['Total Cost'] ?? 0) + planning;
}

/** What `EXPLAIN (FORMAT JSON)` answers: one element, the statement's plan. */
export const explainOutput = z.array(z.object({ Plan: planNode }).loose()).min(1);

export interface SeqScan {
  /** The table scanned (a partition's parent when the scan is of a partition). */
  table: string;
  /** The scanned relation as named in the plan (a partition's own name). */
  relation: string;
  /** The table's rows, partitions summed (pg_class.reltuples). */
  rows: number;
}

/** Each table's size, and the table a partition belongs to (`tableSizes` reads both). */
export interface TableSizes {
  rows: Map<string, number>;
  parentOf: Map<string, string>;
}

/** Every `Seq Scan` node of the plan (a parallel one included), depth first. */
export function seqScanNodes(plan: PlanNode): PlanNode[] {
  const found: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan') found.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return found;
}

/** The plan's sequential scans of tables of LARGE_TABLE_ROWS rows or more. */
export function largeSeqScans(
  plan: PlanNode,
  sizes: TableSizes,
  threshold = LARGE_TABLE_ROWS,
): SeqScan[] {
  const scans: SeqScan[] = [];
  for (const node of seqScanNodes(plan)) {
    const relation = node['Relation Name'];
    if (!relation) continue;
    const table = sizes.parentOf.get(relation) ?? relation;
    const rows = sizes.rows.get(table) ?? 0;
    if (rows >= threshold && !scans.some((s) => s.relation === relation))
      scans.push({ table, relation, rows });
  }
  return scans;
}

/**
 * Reads every table's rows and the partitions' parents of the `public` schema: a partitioned
 * table's rows are its partitions' (its own reltuples is not kept), and a partition is its root.
 */
export const TABLE_SIZES_SQL = `
  with recursive tree as (
    select c.oid, c.oid as root
      from pg_class c
     where c.relnamespace = 'public'::regnamespace
       and c.relkind in ('r', 'p', 'm')
       and not c.relispartition
    union all
    select i.inhrelid, t.root from pg_inherits i join tree t on i.inhparent = t.oid
  )
  select c.relname as relation, r.relname as root, greatest(c.reltuples, 0)::float8 as rows
    from tree t
    join pg_class c on c.oid = t.oid
    join pg_class r on r.oid = t.root`;

export function tableSizesOf(
  rows: readonly { relation: string; root: string; rows: number }[],
): TableSizes {
  const sizes: TableSizes = { rows: new Map(), parentOf: new Map() };
  for (const row of rows) {
    sizes.rows.set(row.root, (sizes.rows.get(row.root) ?? 0) + row.rows);
    if (row.relation !== row.root) sizes.parentOf.set(row.relation, row.root);
  }
  return sizes;
}

export const capturedLine = z.object({
  phase: z.enum(['request', 'migrate', 'seed', 'partitions']),
  text: z.string().min(1),
  params: z.array(z.unknown()),
}) satisfies z.ZodType<CapturedQuery>;

/**
 * Which captured statements the check plans: those sent by the running product (phase
 * `request`) that read or write rows (select, insert, update, delete, with). Left out, and
 * counted: the upkeep phases (migrations, seeding, partition maintenance) and statements with
 * no plan (begin, commit, set, listen, DDL).
 */
export function statementsToCheck(lines: readonly CapturedQuery[]): {
  check: CapturedQuery[];
  upkeep: number;
  noPlan: number;
} {
  const byText = new Map<string, CapturedQuery>();
  let upkeep = 0;
  let noPlan = 0;
  for (const line of lines) {
    if (line.phase !== 'request') {
      upkeep++;
      continue;
    }
    if (!/^\s*(\(\s*)*(select|insert|update|delete|with)\b/i.test(line.text)) {
      noPlan++;
      continue;
    }
    if (!byText.has(line.text)) byText.set(line.text, line);
  }
  return { check: [...byText.values()], upkeep, noPlan };
}
