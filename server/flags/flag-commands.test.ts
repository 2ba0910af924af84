import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlagFile } from '../../contract/flags';
import { projectRoot } from '../../db/project-root';
import { hash } from './evaluate';
import { runFlagCommand, serializeFlagFile, type FlagCommandResult } from './flag-commands';

const start = FlagFile.parse({
  flags: {
    'new-search': { description: 'The new search screen.', type: 'boolean', enabled: false },
    'checkout-copy': {
      description: 'Checkout button copy.',
      type: 'multivariate',
      enabled: true,
      rollout: 100,
      variants: { control: 50, test: 50 },
      overrides: { 'visitor-0001': 'test' },
    },
  },
});

const run = (...argv: string[]) => runFlagCommand(start, argv);
function written(result: FlagCommandResult): FlagFile {
  if (result.kind !== 'write') throw new Error(`expected a write, got ${JSON.stringify(result)}`);
  return result.file;
}
function refused(result: FlagCommandResult): string {
  if (result.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(result)}`);
  return result.message;
}

describe('npm run flags: the commands', () => {
  it('list: one row per flag with type, state, rollout, variants and override count', () => {
    const result = run('list');
    expect(result.kind).toBe('print');
    const lines = (result as { output: string }).output.split('\n');
    expect(lines[0]).toMatch(/^key\s+type\s+enabled\s+rollout\s+variants\s+overrides$/);
    expect(lines[1]).toMatch(/^new-search\s+boolean\s+off\s+100%\s+-\s+0$/);
    expect(lines[2]).toMatch(/^checkout-copy\s+multivariate\s+on\s+100%\s+control=50,test=50\s+1$/);
  });

  it('set: updates what is given and keeps the rest', () => {
    const file = written(run('set', 'new-search', '--on', '--rollout', '25'));
    expect(file.flags['new-search']).toEqual({
      description: 'The new search screen.',
      type: 'boolean',
      enabled: true,
      rollout: 25,
    });
    expect(file.flags['checkout-copy']).toEqual(start.flags['checkout-copy']);
  });

  it('set: creates a flag (multivariate when it has variants); a new flag needs a description', () => {
    const file = written(
      run('set', 'hero-copy', '--variants', 'a=30,b=70', '--description', 'Hero copy test.'),
    );
    expect(file.flags['hero-copy']).toEqual({
      description: 'Hero copy test.',
      type: 'multivariate',
      enabled: false,
      rollout: 100,
      variants: { a: 30, b: 70 },
    });
    expect(Object.keys(file.flags)).toEqual(['new-search', 'checkout-copy', 'hero-copy']);
    expect(refused(run('set', 'hero-copy', '--on'))).toContain('--description');
  });

  it('set: refuses what the schema refuses, in its words, and bad options', () => {
    expect(refused(run('set', 'checkout-copy', '--variants', 'control=50,test=40'))).toBe(
      'Nothing was written: Flag "checkout-copy": the variants\' percents must add up to 100 (they add up to 90).',
    );
    expect(refused(run('set', 'new-search', '--rollout', '150'))).toBe(
      '--rollout takes a whole number from 0 to 100, not "150".',
    );
    expect(refused(run('set', 'new-search', '--on', '--off'))).toBe(
      'Choose --on or --off, not both.',
    );
    expect(refused(run('set', 'new-search', '--colour', 'red'))).toContain(
      'set has no option --colour',
    );
    expect(refused(run('set', 'new-search', '--type', 'percent'))).toBe(
      '--type is boolean or multivariate, not "percent".',
    );
    expect(refused(run('set', 'Bad Key', '--description', 'x'))).toContain(
      'a flag key may hold only lowercase letters, digits and dashes',
    );
  });

  it('set --type boolean turns a multivariate flag into a boolean one, if its overrides allow', () => {
    expect(refused(run('set', 'checkout-copy', '--type', 'boolean'))).toContain(
      'the override for "visitor-0001" must be true or false',
    );
    const file = written(
      runFlagCommand(written(run('unoverride', 'checkout-copy', 'visitor-0001')), [
        'set',
        'checkout-copy',
        '--type',
        'boolean',
      ]),
    );
    expect(file.flags['checkout-copy']).toEqual({
      description: 'Checkout button copy.',
      type: 'boolean',
      enabled: true,
      rollout: 100,
    });
  });

  it('override / unoverride: values are checked against the flag', () => {
    expect(
      written(run('override', 'new-search', 'visitor-0002', 'true')).flags['new-search'],
    ).toMatchObject({
      overrides: { 'visitor-0002': true },
    });
    expect(
      written(run('override', 'checkout-copy', 'visitor-0002', 'control')).flags['checkout-copy']!
        .overrides,
    ).toEqual({
      'visitor-0001': 'test',
      'visitor-0002': 'control',
    });
    expect(refused(run('override', 'checkout-copy', 'visitor-0002', 'treatment'))).toContain(
      "must name one of the flag's variants (control, test)",
    );
    expect(refused(run('override', 'new-search', 'visitor-0002', 'control'))).toContain(
      'must be true or false',
    );
    expect(refused(run('override', 'nope', 'visitor-0002', 'true'))).toBe(
      'There is no flag "nope". `npm run flags -- list` shows them.',
    );
    const cleared = written(run('unoverride', 'checkout-copy', 'visitor-0001'));
    expect(cleared.flags['checkout-copy']).not.toHaveProperty('overrides');
    expect(refused(run('unoverride', 'checkout-copy', 'visitor-0009'))).toBe(
      'Flag "checkout-copy" has no override for visitor-0009.',
    );
  });

  it('remove: the flag goes with its overrides', () => {
    expect(Object.keys(written(run('remove', 'checkout-copy')).flags)).toEqual(['new-search']);
    expect(refused(run('remove', 'nope'))).toContain('There is no flag "nope"');
  });

  it('check: the value an id gets, and why', () => {
    expect(run('check', 'checkout-copy', 'visitor-0001')).toEqual({
      kind: 'print',
      output: 'checkout-copy for visitor-0001: "test" (an override)',
    });
    expect(run('check', 'new-search', 'visitor-0002')).toEqual({
      kind: 'print',
      output: 'new-search for visitor-0002: false (the flag is off)',
    });
    const half = written(run('set', 'new-search', '--on', '--rollout', '50'));
    const id = 'visitor-0003';
    const inside = hash('new-search', id) < 0.5;
    expect(runFlagCommand(half, ['check', 'new-search', id])).toMatchObject({
      output: expect.stringMatching(
        new RegExp(
          `^new-search for ${id}: ${inside} \\(bucket [0-9.]+% is ${inside ? 'inside' : 'outside'} the 50% rollout\\)$`,
        ),
      ),
    });
  });

  it('help, and an unknown command', () => {
    expect(run('help')).toMatchObject({
      kind: 'print',
      output: expect.stringContaining('override <key>'),
    });
    expect(refused(run('enable', 'x'))).toBe(
      'There is no command "enable". `npm run flags -- help` lists them.',
    );
  });

  it('writes 2-space JSON with a final newline', () => {
    expect(serializeFlagFile(start)).toBe(`${JSON.stringify(start, null, 2)}\n`);
  });
});

describe('npm run flags: the real command on a file', () => {
  let dir: string;
  let path: string;
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/flags.ts', ...args], {
      cwd: projectRoot(),
      env: { ...process.env, FLAGS_FILE: path },
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'spotreel-flags-cli-'));
    path = join(dir, 'flags.json');
    await writeFile(path, serializeFlagFile(start));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a good change in place, and leaves the file alone on a bad one', async () => {
    const { stdout } = await cli('set', 'new-search', '--on');
    expect(stdout).toContain('Changed new-search: boolean, on, rollout 100%.');
    const after = JSON.parse(await readFile(path, 'utf8')) as FlagFile;
    expect(after.flags['new-search']!.enabled).toBe(true);

    const before = await readFile(path, 'utf8');
    const bad = await cli('override', 'new-search', 'visitor-0002', 'maybe').then(
      () => null,
      (failure: { code: number; stderr: string }) => failure,
    );
    expect(bad?.code).toBe(1);
    expect(bad?.stderr).toContain('must be true or false');
    expect(await readFile(path, 'utf8')).toBe(before);
    // no temporary file left behind
    expect(await readdir(dir)).toEqual(['flags.json']);
  }, 20_000);
});
