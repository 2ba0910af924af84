import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inQueryPhase, queryRecorder, statementLogger } from './query-capture';
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
    const sent: unknown[] = [];
    const logger = statementLogger([queryRecorder(file), (text) => sent.push(text)])!;

    const at = new Date('2026-11-20T12:00:00Z');
    logger.logQuery('select * from reviews where id = $1', [1]);
    logger.logQuery('select * from reviews where id = $1', [2]);
    logger.logQuery('select $1::timestamptz', [at]);
    await inQueryPhase('seed', async () =>
      logger.logQuery('select * from reviews where id = $1', [3]),
    );

    expect(sent).toHaveLength(4);
    expect(await lines(file)).toEqual([
      { phase: 'request', text: 'select * from reviews where id = $1', params: [1] },
      { phase: 'request', text: 'select $1::timestamptz', params: ['2026-11-20T12:00:00.000Z'] },
      { phase: 'seed', text: 'select * from reviews where id = $1', params: [3] },
    ]);
  });
});
