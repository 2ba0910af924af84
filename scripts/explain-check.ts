/**
 * npm run test:explain — the plan check of docs/decisions/041-query-plans.md: every statement the
 * product sends, planned (`EXPLAIN (FORMAT JSON)`, never ANALYZE: nothing runs) against a world
 * seeded at scale 100 on PostgreSQL; it fails on a sequential scan of a large table
 * (LARGE_TABLE_ROWS rows or more; a partition counts as its parent) and on a statement that does
 * not plan.
 *
 *   scripts/with-postgres.sh tsx scripts/explain-check.ts
 *     1. runs the API suite on TEST_DATABASE_URL with QUERY_CAPTURE_FILE set (the statements);
 *     2. empties that database and seeds the world at scale 100 (SEED_SCALE to change);
 *     3. ANALYZE, then plans each captured statement with its captured parameters, and again
 *        without them: the generic plan a statement prepared by name settles on (ADR 043, 044).
 *
 *   DATABASE_URL=postgres://…/world100 tsx scripts/explain-check.ts --queries a.jsonl [b.jsonl…]
 *     plans the statements of these capture files against a world already seeded there.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, WORD_SIMILARITY_THRESHOLD } from '../db/client';
import {
  capturedLine,
  explainOutput,
  keepsGenericPlan,
  type PlanNode,
  LARGE_TABLE_ROWS,
  largeSeqScans,
  statementsToCheck,
  TABLE_SIZES_SQL,
  tableSizesOf,
} from '../db/query-plans';
import type { CapturedQuery } from '../db/query-capture';
import { seedDatabase } from '../db/seed/run';
import { resetDatabase } from '../tests/api/reset-database';

/** A world of this scale at least: the shape the check is about (issue 19). */
const MIN_SCALE = 100;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const say = (message: string) => console.log(`explain: ${message} (${elapsed()})`);

async function readCaptured(files: readonly string[]): Promise<CapturedQuery[]> {
  const lines: CapturedQuery[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    text.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      const parsed = capturedLine.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${i + 1}: not a captured statement`);
      lines.push(parsed.data);
    });
  }
  return lines;
}

/** The API suite with every statement it makes the server send written to `file`. */
function captureApiSuite(databaseUrl: string, file: string) {
  say('running the API suite on PostgreSQL with QUERY_CAPTURE_FILE set');
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: databaseUrl, QUERY_CAPTURE_FILE: file },
  });
  if (run.status !== 0) throw new Error('the API suite failed');
}

async function seedWorld(databaseUrl: string, scale: number) {
  say(`seeding the world at scale ${scale}`);
  await resetDatabase(databaseUrl);
  const dir = await mkdtemp(join(tmpdir(), 'spotreel-explain-'));
  const handle = await openDatabase({ databaseUrl });
  try {
    await handle.migrate();
    await seedDatabase(handle.db, { scale, mediaDir: join(dir, 'media'), log: say });
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The statement on one line: its start and its end (the where and order by) when long. */
function short(text: string, max = 600) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max / 2)} … ${flat.slice(-max / 2)}` : flat;
}

async function main() {
  const args = process.argv.slice(2);
  const queriesAt = args.indexOf('--queries');
  const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('set DATABASE_URL (or run under scripts/with-postgres.sh)');
  const scale = Number(process.env.SEED_SCALE ?? MIN_SCALE);
  if (!(scale >= MIN_SCALE)) throw new Error(`SEED_SCALE must be ${MIN_SCALE} or more`);

  let files: string[];
  let dir: string | undefined;
  if (queriesAt >= 0) {
    files = args.slice(queriesAt + 1);
    if (files.length === 0) throw new Error('--queries needs at least one capture file');
  } else {
    dir = await mkdtemp(join(tmpdir(), 'spotreel-queries-'));
    files = [join(dir, 'queries.jsonl')];
    captureApiSuite(databaseUrl, files[0]!);
    await seedWorld(databaseUrl, scale);
  }
  const captured = await readCaptured(files);
  if (dir) await rm(dir, { recursive: true, force: true });
  const { check, upkeep, noPlan } = statementsToCheck(captured);

  const client = new pg.Client({
    connectionString: databaseUrl,
    // The product's session (db/client.ts): the same settings, the same plans.
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  });
  await client.connect();
  try {
    const seeded = await client
      .query<{ scale: number }>('select max(scale)::float8 as scale from seed_runs')
      .then((r) => r.rows[0]?.scale ?? 0)
      .catch(() => 0);
    if (seeded < MIN_SCALE)
      throw new Error(
        `the database holds a world of scale ${seeded}, not ${MIN_SCALE}: the check is about the scale-${MIN_SCALE} shape`,
      );
    // The steady state autovacuum keeps on a live database: fresh statistics (the seed's bulk
    // writes leave the planner's row counts behind) and the visibility map, without which an
    // index-only scan is costed as a heap visit per row and a fresh seed plans otherwise.
    await client.query('vacuum (analyze)');
    const sizes = tableSizesOf(
      (await client.query<{ relation: string; root: string; rows: number }>(TABLE_SIZES_SQL)).rows,
    );
    const large = [...sizes.rows].filter(([, rows]) => rows >= LARGE_TABLE_ROWS);
    say(
      `world of scale ${seeded}; large tables (≥ ${LARGE_TABLE_ROWS} rows): ${large
        .map(([t, rows]) => `${t} ${Math.round(rows)}`)
        .join(', ')}`,
    );
    say(
      `${captured.length} captured lines: ${check.length} statements to plan; left out ${upkeep} of upkeep (migrations, seed, partitions) and ${noPlan} with no plan (begin, set, DDL…)`,
    );

    const failed: string[] = [];
    const unplanned: string[] = [];
    /** Statements whose generic plan PostgreSQL would keep (checked as well). */
    let genericKept = 0;
    for (const query of check) {
      let plan;
      try {
        const result = await client.query<{ 'QUERY PLAN': unknown }>(
          `explain (format json) ${query.text}`,
          query.params,
        );
        plan = explainOutput.parse(result.rows[0]!['QUERY PLAN'])[0]!.Plan;
      } catch (error) {
        unplanned.push(`${(error as Error).message}\n    ${short(query.text)}`);
        continue;
      }
      // The plan a statement prepared by name settles on (ADR 043): PostgreSQL keeps a generic
      // plan, made without the values, once it costs less than the custom ones. Both must do.
      let generic;
      if (query.params.length > 0) {
        try {
          generic = await genericPlan(client, query);
        } catch (error) {
          // Named as not planned; the custom plan is still checked below.
          unplanned.push(`(generic plan) ${(error as Error).message}\n    ${short(query.text)}`);
        }
      }
      // A generic plan PostgreSQL would not keep (it costs more than planning with the values)
      // is never run: only one it would keep is checked.
      const keeps = generic && keepsGenericPlan(generic, plan, relationsOf(plan));
      if (keeps) genericKept++;
      for (const [which, planned] of [
        ['', plan],
        ['(generic plan) ', keeps ? generic : undefined],
      ] as const) {
        if (!planned) continue;
        const scans = largeSeqScans(planned, sizes);
        if (scans.length > 0)
          failed.push(
            `${which}Seq Scan on ${scans
              .map((s) =>
                s.relation === s.table
                  ? `${s.table} (${Math.round(s.rows)} rows)`
                  : `${s.relation} (a partition of ${s.table}, ${Math.round(s.rows)} rows)`,
              )
              .join(
                ', ',
              )}\n    ${short(query.text)}\n    params ${short(JSON.stringify(query.params), 200)}`,
          );
      }
    }
    say(
      `planned ${check.length - unplanned.length} statements, ${genericKept} of them generic plans PostgreSQL would keep (load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
    );
    for (const line of unplanned) console.error(`DOES NOT PLAN: ${line}`);
    for (const line of failed) console.error(`SEQ SCAN OF A LARGE TABLE: ${line}`);
    if (failed.length + unplanned.length > 0) {
      console.error(
        `explain: ${failed.length} statements scan a large table sequentially, ${unplanned.length} do not plan`,
      );
      process.exitCode = 1;
    } else say('no statement scans a large table sequentially');
  } finally {
    await client.end();
  }
}

/** How many relations a plan reads (PostgreSQL prices a custom plan's planning by them). */
function relationsOf(plan: PlanNode): number {
  return (
    (plan['Relation Name'] ? 1 : 0) + (plan.Plans ?? []).reduce((n, p) => n + relationsOf(p), 0)
  );
}

/** A captured value as an SQL literal of unknown type (an array as PostgreSQL's array text). */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value))
    return client.escapeLiteral(
      `{${value
        .map((item) =>
          item === null ? 'NULL' : `"${String(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
        )
        .join(',')}}`,
    );
  if (typeof value === 'object') return client.escapeLiteral(JSON.stringify(value));
  return client.escapeLiteral(String(value));
}

/** The generic plan of `query` (made without its values), as a named statement would keep it. */
async function genericPlan(client: pg.Client, query: CapturedQuery) {
  await client.query('begin');
  try {
    await client.query('set local plan_cache_mode = force_generic_plan');
    await client.query(`prepare plan_check as ${query.text}`);
    // EXPLAIN takes no bound parameters: the values go in as literals, as node-postgres sends them.
    const args = query.params.map((value) => literal(client, value)).join(', ');
    const result = await client.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) execute plan_check(${args})`,
    );
    return explainOutput.parse(result.rows[0]!['QUERY PLAN'])[0]!.Plan;
  } finally {
    await client.query('rollback');
    await client.query('deallocate all');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
