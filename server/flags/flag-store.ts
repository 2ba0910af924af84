import { eq } from 'drizzle-orm';
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
 * rarely and every page asks, so they are read at most every `cacheMs`, one read shared by the
 * requests that wait for it; overrides are per person, one indexed lookup per call.
 */
export function createFlagStore(db: Database, options: { cacheMs: number }): FlagStore {
  let cached: { definitions: FlagDefinition[]; expires: number } | null = null;
  let loading: { generation: number; promise: Promise<FlagDefinition[]> } | null = null;
  // Bumped by invalidate(), so a read that started before an edit never refills the cache.
  let generation = 0;

  const load = () =>
    db
      .select({
        key: featureFlags.key,
        kind: featureFlags.kind,
        enabled: featureFlags.enabled,
        rolloutPercent: featureFlags.rolloutPercent,
        variants: featureFlags.variants,
      })
      .from(featureFlags)
      .orderBy(featureFlags.key);

  function definitions(): Promise<FlagDefinition[]> {
    if (cached && cached.expires > Date.now()) return Promise.resolve(cached.definitions);
    if (loading && loading.generation === generation) return loading.promise;
    const started = generation;
    const promise = load()
      .then((rows) => {
        if (started === generation)
          cached = { definitions: rows, expires: Date.now() + options.cacheMs };
        return rows;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = null;
      });
    loading = { generation: started, promise };
    return promise;
  }

  return {
    async evaluate(distinctId) {
      const [flags, overrides] = await Promise.all([
        definitions(),
        db
          .select({ flagKey: featureFlagOverrides.flagKey, value: featureFlagOverrides.value })
          .from(featureFlagOverrides)
          .where(eq(featureFlagOverrides.distinctId, distinctId)),
      ]);
      return evaluateFlags(
        flags,
        new Map(overrides.map((row) => [row.flagKey, row.value])),
        distinctId,
      );
    },
    invalidate() {
      cached = null;
      generation += 1;
    },
  };
}
