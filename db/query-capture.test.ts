import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { captureQueriesOf, inQueryPhase, queryRecorder } from './query-capture';
import { capturedLine } from './query-plans';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function lines(file: string) {
  const text = await readFile(file, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => capturedLine.parse(JSON.parse(line)));
}

describe('query capture', () => {
  it('writes each text once per phase, with its first parameters, as JSON lines', async () => {
    dir = await mkdtemp(join(tmpdir(), 'spotreel-capture-'));
    const file = join(dir, 'q.jsonl');
    const sent: unknown[][] = [];
    const client = {
      query: (...args: unknown[]) => {
        sent.push(args);
        return Promise.resolve({ rows: [] });
      },
    } as unknown as pg.PoolClient;
    captureQueriesOf(client, queryRecorder(file));

    const at = new Date('2026-11-20T12:00:00Z');
    await client.query('select * from reviews where id = $1', [1]);
    await client.query('select * from reviews where id = $1', [2]);
    await client.query({ text: 'select $1::timestamptz', values: [at] });
    await inQueryPhase('seed', () => client.query('select * from reviews where id = $1', [3]));

    expect(sent).toHaveLength(4);
    expect(await lines(file)).toEqual([
      { phase: 'request', text: 'select * from reviews where id = $1', params: [1] },
      { phase: 'request', text: 'select $1::timestamptz', params: ['2026-11-20T12:00:00.000Z'] },
      { phase: 'seed', text: 'select * from reviews where id = $1', params: [3] },
    ]);
  });
});

/**
 * Whether async hooks are on in a fresh process after a query phase, with or without a recorder:
 * with hooks on, a promise's reaction runs under an async id of its own (0 when they are off).
 */
async function hooksOnAfterPhase(record: boolean): Promise<boolean> {
  const script = `
    import { executionAsyncId } from 'node:async_hooks';
    import { inQueryPhase, queryRecorder } from './db/query-capture.ts';
    if (${record}) queryRecorder(${JSON.stringify(join(tmpdir(), 'spotreel-hooks-probe.jsonl'))});
    await inQueryPhase('partitions', async () => {});
    const id = await Promise.resolve().then(() => executionAsyncId());
    console.log(JSON.stringify({ id }));
  `;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: process.cwd(), timeout: 30_000 },
  );
  return (JSON.parse(stdout.trim()) as { id: number }).id !== 0;
}

describe('query phases', () => {
  // A phase's label needs AsyncLocalStorage, whose first run turns async hooks on for every
  // promise the process makes afterwards (ADR 057): only a recording process pays for it.
  it('leave async hooks off unless statements are recorded', async () => {
    expect(await hooksOnAfterPhase(false)).toBe(false);
    expect(await hooksOnAfterPhase(true)).toBe(true);
  }, 60_000);
});
