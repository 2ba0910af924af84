import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative } from 'node:path';
import { notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FlagValue } from '../../contract/analytics-events';
import { FlagFile, flagFileProblems } from '../../contract/flags';
import type { Database } from '../../db/client';
import { projectRoot } from '../../db/project-root';
import { featureFlagOverrides, featureFlags } from '../../db/schema';
import type { FlagDefinition } from './evaluate';
import type { FlagStore } from './flag-store';

/** A bad flags file: the message lists every problem, each naming its flag. */
export class FlagFileError extends Error {
  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
    super(
      `The feature flags file ${path} cannot be used:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'FlagFileError';
  }
}

/** The path people know the file by: relative to the project when it lives inside it. */
export function displayPath(path: string): string {
  const inside = relative(projectRoot(), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/** Checks a flags file's text; throws a FlagFileError naming every problem. */
export function parseFlagFile(text: string, path: string): FlagFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FlagFileError(path, [
      `It is not valid JSON (${(error as Error).message}). Check for a missing comma or quote.`,
    ]);
  }
  const result = FlagFile.safeParse(json);
  if (!result.success) throw new FlagFileError(path, flagFileProblems(result.error));
  return result.data;
}

async function readFlagFileText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FlagFileError(path, [
      code === 'ENOENT'
        ? 'The file does not exist. Create it (see config/flags.json) or point FLAGS_FILE at one.'
        : `The file cannot be read (${(error as Error).message}).`,
    ]);
  }
}

/** Reads and checks the flags file (config/flags.json by default). */
export async function readFlagFile(path: string): Promise<FlagFile> {
  return parseFlagFile(await readFlagFileText(path), path);
}

export interface FlagOverride {
  distinctId: string;
  flagKey: string;
  value: FlagValue;
}

/** The file's flags as the store keeps them (db/schema.ts), in the file's order. */
export function flagDefinitions(file: FlagFile): {
  definitions: (FlagDefinition & { description: string })[];
  overrides: FlagOverride[];
} {
  const entries = Object.entries(file.flags);
  return {
    definitions: entries.map(([key, flag]) => ({
      key,
      description: flag.description,
      kind: flag.type,
      enabled: flag.enabled,
      rolloutPercent: flag.rollout,
      variants: Object.entries(flag.variants ?? {}).map(([variant, percent]) => ({
        key: variant,
        percent,
      })),
    })),
    overrides: entries.flatMap(([flagKey, flag]) =>
      Object.entries(flag.overrides ?? {}).map(([distinctId, value]) => ({
        distinctId,
        flagKey,
        value,
      })),
    ),
  };
}

/** Any constant serialises appliers across processes (replicas booting together). */
const APPLY_LOCK = 0x5f1a9;

export interface AppliedFlags {
  /** Flags in the file. */
  flags: number;
  /** Flags created or changed by this apply. */
  changed: number;
  /** Flags that were in the store but no longer in the file (their overrides went with them). */
  removed: number;
  overrides: number;
}

/**
 * Makes the store equal the file, in one transaction: the file is the source of truth, so flags
 * it no longer names are deleted (their overrides cascade) and the overrides are replaced.
 */
export async function applyFlagFile(db: Database, file: FlagFile): Promise<AppliedFlags> {
  const { definitions, overrides } = flagDefinitions(file);
  const keys = definitions.map((flag) => flag.key);
  return db.transaction(async (tx) => {
    // Two processes applying at once would both clear and refill the overrides and collide.
    await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK})`);
    const removed = await tx
      .delete(featureFlags)
      .where(keys.length > 0 ? notInArray(featureFlags.key, keys) : undefined)
      .returning({ key: featureFlags.key });
    const changed =
      definitions.length === 0
        ? []
        : await tx
            .insert(featureFlags)
            .values(definitions)
            .onConflictDoUpdate({
              target: featureFlags.key,
              set: {
                description: sql`excluded.description`,
                kind: sql`excluded.kind`,
                enabled: sql`excluded.enabled`,
                rolloutPercent: sql`excluded.rollout_percent`,
                variants: sql`excluded.variants`,
                updatedAt: sql`now()`,
              },
              // updated_at says when a flag last changed, not when the file was last applied.
              setWhere: sql`(${featureFlags.description}, ${featureFlags.kind}, ${featureFlags.enabled}, ${featureFlags.rolloutPercent}, ${featureFlags.variants}) is distinct from (excluded.description, excluded.kind, excluded.enabled, excluded.rollout_percent, excluded.variants)`,
            })
            .returning({ key: featureFlags.key });
    await tx.delete(featureFlagOverrides);
    if (overrides.length > 0) await tx.insert(featureFlagOverrides).values(overrides);
    return {
      flags: definitions.length,
      changed: changed.length,
      removed: removed.length,
      overrides: overrides.length,
    };
  });
}

/** How long an edit must be quiet before it is applied: editors write a file in several steps. */
const DEBOUNCE_MS = 200;

/**
 * Applies the flags file at boot (a bad file stops the boot with its problems) and again after
 * every edit, then drops the store's cached definitions. A bad edit is logged and the last good
 * flags stay in force. Watches the folder, not the file: editors and `npm run flags` replace
 * the file by renaming a new one over it, which a watch on the old file would miss.
 */
export async function startFlagFile(
  db: Database,
  options: {
    path: string;
    log: Pick<FastifyBaseLogger, 'info' | 'error'>;
    store: Pick<FlagStore, 'invalidate'>;
  },
): Promise<{ applied: AppliedFlags; close(): Promise<void> }> {
  const { path, log, store } = options;
  const shown = displayPath(path);
  let lastText = await readFlagFileText(path);
  const applied = await applyFlagFile(db, parseFlagFile(lastText, path));
  store.invalidate();

  let timer: NodeJS.Timeout | undefined;
  // One apply at a time, in the order the edits came.
  let queue: Promise<void> = Promise.resolve();
  let failing = false;
  const reload = async () => {
    try {
      const text = await readFlagFileText(path);
      // Saving without a change, or the second event of one save: nothing to do.
      if (text === lastText) {
        if (failing) log.info(`flags: ${shown} is back to the flags in force`);
        failing = false;
        return;
      }
      const file = parseFlagFile(text, path);
      const result = await applyFlagFile(db, file);
      lastText = text;
      failing = false;
      store.invalidate();
      log.info(
        `flags: ${shown} changed: ${result.flags} flags (${result.changed} new or changed, ${result.removed} removed), ${result.overrides} overrides`,
      );
    } catch (error) {
      failing = true;
      const problems =
        error instanceof FlagFileError ? error.problems.map((p) => `\n  - ${p}`).join('') : '';
      log.error(
        error instanceof FlagFileError ? { problems: error.problems } : { err: error },
        `flags: ${shown} was not applied; the last good flags stay in force.${problems}`,
      );
    }
  };
  const watcher = watch(dirname(path), (_event, name) => {
    if (name !== null && name !== basename(path)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue.then(reload);
    }, DEBOUNCE_MS);
  });
  watcher.on('error', (error) => log.error({ err: error }, `flags: stopped watching ${shown}`));
  // An edit saved while the first apply ran came before the watch: look once more.
  queue = queue.then(reload);

  return {
    applied,
    async close() {
      clearTimeout(timer);
      watcher.close();
      await queue;
    },
  };
}
