import { createHash } from 'node:crypto';
import type { FlagValue } from '../../contract/analytics-events';

/** A flag as the store keeps it (db/schema.ts feature_flags). */
export interface FlagDefinition {
  key: string;
  kind: 'boolean' | 'multivariate';
  enabled: boolean;
  rolloutPercent: number;
  /** Multivariate flags: in order, percents adding up to 100. */
  variants: { key: string; percent: number }[];
}

// PostHog divides by 0xfffffffffffffff; as a double (JavaScript and Python alike) that is 2^60.
const LONG_SCALE = 2 ** 60;

/**
 * PostHog's bucketing hash: the first 15 hex digits of sha1(`key.distinctId` + salt) scaled to
 * [0, 1). The same function PostHog's SDKs use, so a flag evaluated here puts each person in the
 * same bucket PostHog would for the same definition (docs/decisions/017-flags-and-analytics.md).
 */
export function hash(key: string, distinctId: string, salt = ''): number {
  const digest = createHash('sha1').update(`${key}.${distinctId}${salt}`).digest('hex');
  return parseInt(digest.slice(0, 15), 16) / LONG_SCALE;
}

/**
 * Whether a person is inside the rollout. PostHog's bound is inclusive (`hash <= rollout`), ours
 * strict so 0% is off for everyone; they differ only when a hash lands exactly on the bound.
 */
function inRollout(flag: FlagDefinition, distinctId: string): boolean {
  return flag.enabled && hash(flag.key, distinctId) < flag.rolloutPercent / 100;
}

/** PostHog's variant lookup: each variant owns a slice of [0, 1) in order, by its percent. */
function variantOf(flag: FlagDefinition, distinctId: string): string | null {
  const point = hash(flag.key, distinctId, 'variant');
  let start = 0;
  for (const variant of flag.variants) {
    const end = start + variant.percent;
    if (point >= start / 100 && point < end / 100) return variant.key;
    start = end;
  }
  return null;
}

/** One flag's value for one person: an override wins; otherwise the rollout, then the variant. */
export function evaluateFlag(
  flag: FlagDefinition,
  override: FlagValue | undefined,
  distinctId: string,
): FlagValue {
  if (override !== undefined) return override;
  if (!inRollout(flag, distinctId)) return false;
  if (flag.kind === 'boolean') return true;
  return variantOf(flag, distinctId) ?? false;
}

/** Every defined flag's value for one person (overrides by flag key). */
export function evaluateFlags(
  definitions: readonly FlagDefinition[],
  overrides: ReadonlyMap<string, FlagValue>,
  distinctId: string,
): Record<string, FlagValue> {
  const values: Record<string, FlagValue> = {};
  for (const flag of definitions)
    values[flag.key] = evaluateFlag(flag, overrides.get(flag.key), distinctId);
  return values;
}

/** The value every person gets from `flag` without an override, or undefined when it splits them. */
function valueForEveryone(flag: FlagDefinition): FlagValue | undefined {
  if (!flag.enabled || flag.rolloutPercent <= 0) return false;
  // (the hash is below 1, so a rollout of 100 takes everyone)
  if (flag.rolloutPercent < 100) return undefined;
  if (flag.kind === 'boolean') return true;
  const whole = flag.variants.find((variant) => variant.percent >= 100);
  return whole ? whole.key : undefined;
}

/**
 * Every flag's value when it is the same for every distinct id, overrides included; null when
 * any flag tells people apart (a partial rollout, split variants, an override of another value).
 * Only then is an anonymous page the same for everyone and may a shared cache keep it
 * (docs/decisions/070-pages-a-shared-cache-can-hold.md).
 */
export function uniformFlagValues(
  definitions: readonly FlagDefinition[],
  overrides: Iterable<ReadonlyMap<string, FlagValue>>,
): Record<string, FlagValue> | null {
  const values: Record<string, FlagValue> = {};
  for (const flag of definitions) {
    const value = valueForEveryone(flag);
    if (value === undefined) return null;
    values[flag.key] = value;
  }
  for (const pinned of overrides)
    for (const [key, value] of pinned) if (key in values && values[key] !== value) return null;
  return values;
}
