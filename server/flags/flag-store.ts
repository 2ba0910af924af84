import type { FlagValue } from '../../contract/analytics-events';
import type { Database } from '../../db/client';
import { featureFlagOverrides, featureFlags } from '../../db/schema';
import { evaluateFlags, type FlagDefinition } from './evaluate';

/** The flags of one person, as every page needs them (spec §3 page flag data). */
export interface FlagStore {
  /** Every defined flag's value for this distinct id. */
  evaluate(distinctId: string): Promise<Record<string, FlagValue>>;
  /** Forgets the cached definitions: the next evaluation reads them again (after a file edit). */
  invalidate(): void;
}

/**
 * Flags evaluated in process (docs/decisions/017-flags-and-analytics.md). Definitions change
 * rarely and every page asks, so they and the overrides are read at most every `cacheMs`, one
 * read shared by the requests that wait for it.
 */
interface LoadedFlags {
  definitions: FlagDefinition[];
  /** Overrides by distinct id, then by flag key. */
  overrides: Map<string, Map<string, FlagValue>>;
}
const NO_OVERRIDES: ReadonlyMap<string, FlagValue> = new Map();

export function createFlagStore(db: Database, options: { cacheMs: number }): FlagStore {
  let cached: { flags: LoadedFlags; expires: number } | null = null;
  let loading: { generation: number; promise: Promise<LoadedFlags> } | null = null;
  // Bumped by invalidate(), so a read that started before an edit never refills the cache.
  let generation = 0;

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
    if (loading && loading.generation === generation) return loading.promise;
    const started = generation;
    const promise = load()
      .then((flags) => {
        if (started === generation) cached = { flags, expires: Date.now() + options.cacheMs };
        return flags;
      })
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
    invalidate() {
      cached = null;
      generation += 1;
    },
  };
}
