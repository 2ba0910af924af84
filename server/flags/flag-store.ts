import type { FlagValue } from '../../contract/analytics-events';
import type { Database } from '../../db/client';
import { featureFlagOverrides, featureFlags } from '../../db/schema';
import { createFailureLog, type FailureLogger } from '../failure-log';
import { evaluateFlags, uniformFlagValues, type FlagDefinition } from './evaluate';

/** The flags of one person, as every page needs them (spec §3 page flag data). */
export interface FlagStore {
  /** Every defined flag's value for this distinct id. */
  evaluate(distinctId: string): Promise<Record<string, FlagValue>>;
  /** Every flag's value when no flag tells people apart (evaluate.ts uniformFlagValues); else null. */
  uniformValues(): Promise<Record<string, FlagValue> | null>;
  /** Forgets the cached definitions: the next evaluation reads them again (after a file edit). */
  invalidate(): void;
}

interface LoadedFlags {
  definitions: FlagDefinition[];
  /** Overrides by distinct id, then by flag key. */
  overrides: Map<string, Map<string, FlagValue>>;
  /** uniformFlagValues of the above, worked out when first asked. */
  uniform?: Record<string, FlagValue> | null;
}
const NO_OVERRIDES: ReadonlyMap<string, FlagValue> = new Map();

/**
 * Flags evaluated in process (docs/decisions/017-flags-and-analytics.md). Definitions change
 * rarely and every page asks, so they and the overrides are read at most every `cacheMs`, one
 * read shared by the requests that wait for it.
 *
 * Stale if error (docs/decisions/062-stale-if-error.md): a read the database cannot answer
 * leaves the last definitions read in force, so a page is evaluated as it was before the
 * outage (and the page cache finds it under the same key). While reads fail, pages do not
 * wait for the next try: it runs behind them, at most every `cacheMs`.
 */
export function createFlagStore(
  db: Database,
  options: { cacheMs: number; log: FailureLogger },
): FlagStore {
  let cached: { flags: LoadedFlags; expires: number } | null = null;
  /** The last definitions read, kept through invalidate(): what a failed read falls back on. */
  let lastGood: LoadedFlags | null = null;
  let loading: { generation: number; promise: Promise<LoadedFlags> } | null = null;
  // Bumped by invalidate(), so a read that started before an edit never refills the cache.
  let generation = 0;
  const reads = createFailureLog(
    options.log,
    'flags: reading the definitions',
    'Pages use the last definitions read until a read works.',
  );

  // Overrides are the few people an operator pinned in the flag file: read with the definitions,
  // so a page asks the database nothing.
  const load = async (): Promise<LoadedFlags> => {
    const [definitions, overrideRows] = await Promise.all([
      db
        .select({
          key: featureFlags.key,
          kind: featureFlags.kind,
          enabled: featureFlags.enabled,
          rolloutPercent: featureFlags.rolloutPercent,
          variants: featureFlags.variants,
        })
        .from(featureFlags)
        .orderBy(featureFlags.key),
      db
        .select({
          distinctId: featureFlagOverrides.distinctId,
          flagKey: featureFlagOverrides.flagKey,
          value: featureFlagOverrides.value,
        })
        .from(featureFlagOverrides),
    ]);
    const overrides = new Map<string, Map<string, FlagValue>>();
    for (const row of overrideRows) {
      let forId = overrides.get(row.distinctId);
      if (!forId) overrides.set(row.distinctId, (forId = new Map()));
      forId.set(row.flagKey, row.value);
    }
    return { definitions, overrides };
  };

  function loaded(): Promise<LoadedFlags> {
    if (cached && cached.expires > Date.now()) return Promise.resolve(cached.flags);
    const reading = read();
    // A database that does not answer may take its connect timeout to say so.
    return reads.failing && lastGood ? Promise.resolve(lastGood) : reading;
  }

  /** One read at a time; a failed one answers the last definitions read, if any. */
  function read(): Promise<LoadedFlags> {
    if (loading && loading.generation === generation) return loading.promise;
    const started = generation;
    const promise = load()
      .then(
        (flags) => {
          reads.worked();
          if (started === generation) {
            lastGood = flags;
            cached = { flags, expires: Date.now() + options.cacheMs };
          }
          return flags;
        },
        (error: unknown) => {
          reads.failed(error);
          if (!lastGood) throw error;
          // tried again after cacheMs, not by every page meanwhile
          cached = { flags: lastGood, expires: Date.now() + options.cacheMs };
          return lastGood;
        },
      )
      .finally(() => {
        if (loading?.promise === promise) loading = null;
      });
    loading = { generation: started, promise };
    return promise;
  }

  return {
    async evaluate(distinctId) {
      const { definitions, overrides } = await loaded();
      return evaluateFlags(definitions, overrides.get(distinctId) ?? NO_OVERRIDES, distinctId);
    },
    async uniformValues() {
      const flags = await loaded();
      if (flags.uniform === undefined)
        flags.uniform = uniformFlagValues(flags.definitions, flags.overrides.values());
      return flags.uniform;
    },
    invalidate() {
      cached = null;
      generation += 1;
    },
  };
}
