import { describe, expect, it } from 'vitest';
import { FlagFile, flagFileProblems } from './flags';

const problemsOf = (file: unknown) => {
  const result = FlagFile.safeParse(file);
  if (result.success) throw new Error('expected the file to be refused');
  return flagFileProblems(result.error);
};

describe('the flags file schema', () => {
  it('takes boolean and multivariate flags, rollout 100 by default', () => {
    const file = FlagFile.parse({
      flags: {
        'new-search': { description: 'x', type: 'boolean', enabled: true },
        'checkout-copy': {
          description: 'y',
          type: 'multivariate',
          enabled: true,
          rollout: 40,
          variants: { control: 50, test: 50 },
          overrides: { 'visitor-0001': 'test', 'visitor-0002': false },
        },
      },
    });
    expect(file.flags['new-search']!.rollout).toBe(100);
    expect(file.flags['checkout-copy']!.overrides).toEqual({
      'visitor-0001': 'test',
      'visitor-0002': false,
    });
  });

  it('names the flag and the problem, every problem at once', () => {
    expect(
      problemsOf({
        flags: {
          Bad_Key: { description: '', type: 'boolean', enabled: true },
          half: { description: '', type: 'boolean', enabled: 'yes', rollout: 101 },
          nameless: { type: 'boolean', enabled: true, colour: 'red' },
        },
      }),
    ).toEqual(
      expect.arrayContaining([
        'Flag "half": enabled must be true or false.',
        'Flag "half": rollout must be a whole number from 0 to 100.',
        'Flag "nameless" has unknown settings "colour": a flag has description, type, enabled, rollout, variants and overrides.',
        'Flag "nameless": "description" is missing: say what the flag turns on.',
      ]),
    );
    expect(
      problemsOf({ flags: { Bad_Key: { description: '', type: 'boolean', enabled: true } } }),
    ).toEqual([
      'Flag "Bad_Key": a flag key may hold only lowercase letters, digits and dashes (at most 80).',
    ]);
  });

  it('variants: required for multivariate flags, adding up to 100; none on boolean flags', () => {
    expect(
      problemsOf({
        flags: {
          split: {
            description: '',
            type: 'multivariate',
            enabled: true,
            variants: { control: 50, test: 40 },
          },
          none: { description: '', type: 'multivariate', enabled: true },
          plain: { description: '', type: 'boolean', enabled: true, variants: { a: 100 } },
        },
      }),
    ).toEqual([
      'Flag "split": the variants\' percents must add up to 100 (they add up to 90).',
      'Flag "none": a multivariate flag needs variants, like { "control": 50, "test": 50 }.',
      'Flag "plain": a boolean flag has no variants: remove them or make it "multivariate".',
    ]);
  });

  it('overrides: a defined variant (or false) for multivariate flags, true/false for boolean ones', () => {
    expect(
      problemsOf({
        flags: {
          split: {
            description: '',
            type: 'multivariate',
            enabled: true,
            variants: { control: 50, test: 50 },
            overrides: { 'visitor-0001': 'treatment', 'visitor-0002': true },
          },
          plain: {
            description: '',
            type: 'boolean',
            enabled: true,
            overrides: { 'visitor-0003': 'on', 'bad id': true },
          },
        },
      }),
    ).toEqual([
      'Flag "split": the override for "visitor-0001" must name one of the flag\'s variants (control, test) or be false.',
      'Flag "split": the override for "visitor-0002" must name one of the flag\'s variants (control, test) or be false.',
      'Flag "plain": the override for "visitor-0003" must be true or false, since the flag is a boolean flag.',
      'Flag "plain": the override for "bad id" is not a distinct id: 8 to 80 letters, digits, dashes or underscores are expected.',
    ]);
  });

  it('a wrong percent or override value names the variant or the distinct id', () => {
    expect(
      problemsOf({
        flags: {
          split: {
            description: '',
            type: 'multivariate',
            enabled: true,
            variants: { control: 50.5, test: 49.5 },
            overrides: { 'visitor-0001': 1 },
          },
          odd: 'on',
        },
      }),
    ).toEqual([
      'Flag "split": variant "control" must be a whole percent from 0 to 100.',
      'Flag "split": variant "test" must be a whole percent from 0 to 100.',
      'Flag "split": the override for "visitor-0001" must be true, false or a variant name.',
      'Flag "odd" must be an object with description, type and enabled.',
    ]);
  });

  it('a file without "flags", or with more, says so', () => {
    expect(problemsOf({})).toEqual([
      'The file must hold a "flags" object, like { "flags": { "my-flag": { … } } }.',
    ]);
    expect(problemsOf({ flags: {}, version: 2 })).toEqual([
      'The file may hold only "flags"; remove "version".',
    ]);
  });
});
