import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  evaluateFlag,
  evaluateFlags,
  hash,
  uniformFlagValues,
  type FlagDefinition,
} from './evaluate';

const ids = Array.from({ length: 1000 }, (_, i) => `visitor-${i.toString(36).padStart(6, '0')}`);

const booleanFlag = (rolloutPercent: number, enabled = true): FlagDefinition => ({
  key: 'half-rollout',
  kind: 'boolean',
  enabled,
  rolloutPercent,
  variants: [],
});

const split: FlagDefinition = {
  key: 'checkout-copy',
  kind: 'multivariate',
  enabled: true,
  rolloutPercent: 100,
  variants: [
    { key: 'control', percent: 50 },
    { key: 'test', percent: 50 },
  ],
};

const share = (values: unknown[], value: unknown) =>
  values.filter((v) => v === value).length / values.length;

describe('hash', () => {
  it("is PostHog's: sha1 of `key.id` + salt, first 15 hex digits over 0xfffffffffffffff", () => {
    const digest = createHash('sha1').update('simple-flag.distinct_id_0').digest('hex');
    expect(hash('simple-flag', 'distinct_id_0')).toBe(
      parseInt(digest.slice(0, 15), 16) / 2 ** 60, // 0xfffffffffffffff as a double
    );
    const salted = createHash('sha1').update('simple-flag.distinct_id_0variant').digest('hex');
    expect(hash('simple-flag', 'distinct_id_0', 'variant')).toBe(
      parseInt(salted.slice(0, 15), 16) / 2 ** 60, // 0xfffffffffffffff as a double
    );
    for (const id of ids.slice(0, 50)) {
      expect(hash('x', id)).toBeGreaterThanOrEqual(0);
      expect(hash('x', id)).toBeLessThan(1);
    }
  });

  // The first 20 expected values of PostHog's cross-library consistency tests
  // (posthog TestFeatureFlagMatcherConsistency: "distinct_id_0"… at these definitions).
  it("matches PostHog's consistency vectors for a 45% flag", () => {
    const flag: FlagDefinition = { ...booleanFlag(45), key: 'simple-flag' };
    const got = Array.from({ length: 20 }, (_, i) =>
      evaluateFlag(flag, undefined, `distinct_id_${i}`),
    )
      .map((on) => (on ? 'T' : 'F'))
      .join('');
    expect(got).toBe('FTTFTFFTFTFTTFTFFFTT');
  });

  it("matches PostHog's consistency vectors for a 55% flag with five variants", () => {
    const flag: FlagDefinition = {
      key: 'multivariate-flag',
      kind: 'multivariate',
      enabled: true,
      rolloutPercent: 55,
      variants: [
        { key: 'first-variant', percent: 50 },
        { key: 'second-variant', percent: 20 },
        { key: 'third-variant', percent: 20 },
        { key: 'fourth-variant', percent: 5 },
        { key: 'fifth-variant', percent: 5 },
      ],
    };
    const got = Array.from({ length: 20 }, (_, i) =>
      evaluateFlag(flag, undefined, `distinct_id_${i}`),
    );
    expect(got).toEqual([
      'second-variant',
      'second-variant',
      'first-variant',
      false,
      false,
      'second-variant',
      'first-variant',
      false,
      false,
      false,
      'first-variant',
      'third-variant',
      false,
      'first-variant',
      'second-variant',
      'first-variant',
      false,
      false,
      'fourth-variant',
      'first-variant',
    ]);
  });
});

describe('boolean flags', () => {
  it('a 50% rollout turns on for about half, the same for each person every time', () => {
    const flag = booleanFlag(50);
    const first = ids.map((id) => evaluateFlag(flag, undefined, id));
    const again = ids.map((id) => evaluateFlag(flag, undefined, id));
    expect(again).toEqual(first);
    expect(share(first, true)).toBeGreaterThanOrEqual(0.45);
    expect(share(first, true)).toBeLessThanOrEqual(0.55);
  });

  it('0% is off for everyone and 100% on for everyone', () => {
    expect(ids.every((id) => evaluateFlag(booleanFlag(0), undefined, id) === false)).toBe(true);
    expect(ids.every((id) => evaluateFlag(booleanFlag(100), undefined, id) === true)).toBe(true);
  });

  it('a disabled flag is off whatever its rollout', () => {
    expect(ids.every((id) => evaluateFlag(booleanFlag(100, false), undefined, id) === false)).toBe(
      true,
    );
  });

  it('an override wins both ways, even on a disabled flag', () => {
    expect(evaluateFlag(booleanFlag(0), true, ids[0]!)).toBe(true);
    expect(evaluateFlag(booleanFlag(100, false), true, ids[0]!)).toBe(true);
    expect(evaluateFlag(booleanFlag(100), false, ids[0]!)).toBe(false);
  });

  it('a wider rollout keeps everyone who was already in', () => {
    const narrow = booleanFlag(20);
    const wide = booleanFlag(60);
    for (const id of ids)
      if (evaluateFlag(narrow, undefined, id)) expect(evaluateFlag(wide, undefined, id)).toBe(true);
  });
});

describe('multivariate flags', () => {
  it('a 50/50 split gives each variant about half, the same for each person every time', () => {
    const first = ids.map((id) => evaluateFlag(split, undefined, id));
    expect(ids.map((id) => evaluateFlag(split, undefined, id))).toEqual(first);
    expect(share(first, 'control')).toBeGreaterThanOrEqual(0.45);
    expect(share(first, 'control')).toBeLessThanOrEqual(0.55);
    expect(share(first, 'control') + share(first, 'test')).toBe(1);
  });

  it('a variant at 100% takes everyone in the rollout', () => {
    const all: FlagDefinition = {
      ...split,
      variants: [
        { key: 'claim-site', percent: 0 },
        { key: 'claim-business', percent: 100 },
      ],
    };
    expect(ids.every((id) => evaluateFlag(all, undefined, id) === 'claim-business')).toBe(true);
  });

  it('rollout 0 or disabled gives no variant: false', () => {
    for (const flag of [
      { ...split, rolloutPercent: 0 },
      { ...split, enabled: false },
    ])
      expect(ids.every((id) => evaluateFlag(flag, undefined, id) === false)).toBe(true);
  });

  it('an override names the variant (or false)', () => {
    expect(evaluateFlag({ ...split, enabled: false }, 'test', ids[0]!)).toBe('test');
    expect(evaluateFlag(split, false, ids[0]!)).toBe(false);
  });
});

describe('evaluateFlags', () => {
  it('answers every defined flag, with the overrides of that person', () => {
    const values = evaluateFlags(
      [booleanFlag(0), split],
      new Map([['half-rollout', true]]),
      ids[3]!,
    );
    expect(values).toEqual({
      'half-rollout': true,
      'checkout-copy': evaluateFlag(split, undefined, ids[3]!),
    });
    expect(evaluateFlags([], new Map(), ids[3]!)).toEqual({});
  });
});

describe('uniformFlagValues (a page the same for every distinct id)', () => {
  const whole: FlagDefinition = {
    ...split,
    key: 'whole-variant',
    variants: [
      { key: 'control', percent: 0 },
      { key: 'test', percent: 100 },
    ],
  };
  const none = new Map<string, Map<string, boolean | string>>();

  it('gives the one value each flag has for everyone, as evaluateFlags does for anyone', () => {
    const flags = [
      booleanFlag(0),
      booleanFlag(100, false),
      { ...booleanFlag(100), key: 'on' },
      whole,
    ];
    const uniform = uniformFlagValues(flags, none.values());
    expect(uniform).toEqual({ 'half-rollout': false, on: true, 'whole-variant': 'test' });
    for (const id of ids.slice(0, 50)) expect(evaluateFlags(flags, new Map(), id)).toEqual(uniform);
  });

  it('is null when a rollout or split variants tell people apart', () => {
    expect(uniformFlagValues([booleanFlag(50)], none.values())).toBeNull();
    expect(uniformFlagValues([split], none.values())).toBeNull();
    expect(uniformFlagValues([{ ...whole, rolloutPercent: 99 }], none.values())).toBeNull();
  });

  it('is null when an override pins someone to another value, not when to the same', () => {
    const off = booleanFlag(0);
    const pinned = (value: boolean) => [new Map([['half-rollout', value]])];
    expect(uniformFlagValues([off], pinned(false))).toEqual({ 'half-rollout': false });
    expect(uniformFlagValues([off], pinned(true))).toBeNull();
  });
});
