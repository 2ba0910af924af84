import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_ENTRY_TARGETS, PRODUCT_FLAGS } from '../../contract/analytics-events';
import { projectRoot } from '../../db/project-root';
import { flagDefinitions, FlagFileError, readFlagFile } from './flag-file';

describe('the checked-in flags files', () => {
  for (const file of ['config/flags.json', 'tests/e2e/flags.json', 'tests/api/flags.json'])
    it(`${file} is valid and declares the product's flags`, async () => {
      const { flags } = await readFlagFile(join(projectRoot(), file));
      expect(flags[PRODUCT_FLAGS.consumerAppOnDesktop]).toMatchObject({ type: 'boolean' });
      const target = flags[PRODUCT_FLAGS.businessEntryDefaultTarget];
      expect(target).toMatchObject({ type: 'multivariate' });
      // every variant is a branch of the business-entry decision
      for (const variant of Object.keys(target!.variants!))
        expect(BUSINESS_ENTRY_TARGETS).toContain(variant);
    });

  it('the product ships with its flags off', async () => {
    const { flags } = await readFlagFile(join(projectRoot(), 'config/flags.json'));
    expect(Object.values(flags).map((flag) => flag.enabled)).toEqual([false, false]);
  });

  it('the browser tests get a half rollout and a 50/50 split, with two pinned ids', async () => {
    const { flags } = await readFlagFile(join(projectRoot(), 'tests/e2e/flags.json'));
    expect(flags['e2e-half-rollout']).toEqual({
      description: expect.any(String),
      type: 'boolean',
      enabled: true,
      rollout: 50,
      overrides: { 'e2e-override-on': true, 'e2e-override-off': false },
    });
    expect(flags['e2e-variants']).toMatchObject({
      enabled: true,
      rollout: 100,
      variants: { control: 50, test: 50 },
    });
  });
});

describe('readFlagFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'spotreel-flag-file-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const refusal = async (path: string) => {
    const error = await readFlagFile(path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FlagFileError);
    return (error as FlagFileError).message;
  };

  it('a missing file: says so, with the path', async () => {
    const path = join(dir, 'missing.json');
    expect(await refusal(path)).toBe(
      `The feature flags file ${path} cannot be used:\n  - The file does not exist. Create it (see config/flags.json) or point FLAGS_FILE at one.`,
    );
  });

  it('not JSON: says so', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{ "flags": { ');
    expect(await refusal(path)).toMatch(
      /- It is not valid JSON \(.+\)\. Check for a missing comma/,
    );
  });

  it('lists every problem, each naming its flag', async () => {
    const path = join(dir, 'bad.json');
    await writeFile(
      path,
      JSON.stringify({
        flags: {
          a: { description: '', type: 'boolean', enabled: true, rollout: -1 },
          b: { description: '', type: 'multivariate', enabled: true, variants: { x: 10 } },
        },
      }),
    );
    expect(await refusal(path)).toBe(
      `The feature flags file ${path} cannot be used:\n` +
        '  - Flag "a": rollout must be a whole number from 0 to 100.\n' +
        `  - Flag "b": the variants' percents must add up to 100 (they add up to 10).`,
    );
  });
});

describe('flagDefinitions', () => {
  it('turns the file into the store rows: variants in order, overrides per id', () => {
    expect(
      flagDefinitions({
        flags: {
          split: {
            description: 'd',
            type: 'multivariate',
            enabled: true,
            rollout: 40,
            variants: { control: 30, test: 70 },
            overrides: { 'visitor-0001': 'test' },
          },
        },
      }),
    ).toEqual({
      definitions: [
        {
          key: 'split',
          description: 'd',
          kind: 'multivariate',
          enabled: true,
          rolloutPercent: 40,
          variants: [
            { key: 'control', percent: 30 },
            { key: 'test', percent: 70 },
          ],
        },
      ],
      overrides: [{ distinctId: 'visitor-0001', flagKey: 'split', value: 'test' }],
    });
  });
});
