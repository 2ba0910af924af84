import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlagFile } from '../../contract/flags';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { projectRoot } from '../../db/project-root';
import { featureFlagOverrides, featureFlags } from '../../db/schema';
import { serializeFlagFile } from '../../server/flags/flag-commands';
import {
  applyFlagFile,
  FlagFileError,
  readFlagFile,
  startFlagFile,
} from '../../server/flags/flag-file';
import { createFlagStore } from '../../server/flags/flag-store';

// The flag store against a database of its own (in memory, migrated), so these tests can
// rewrite every flag without touching the flags of the shared test server.
let database: DatabaseHandle;
let dir: string;
const apiFlags = join(projectRoot(), 'tests/api/flags.json');

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  dir = await mkdtemp(join(tmpdir(), 'spotreel-flags-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const stored = async () => ({
  flags: await database.db
    .select({ key: featureFlags.key, enabled: featureFlags.enabled })
    .from(featureFlags)
    .orderBy(featureFlags.key),
  overrides: await database.db
    .select()
    .from(featureFlagOverrides)
    .orderBy(featureFlagOverrides.flagKey, featureFlagOverrides.distinctId),
});

const ids = Array.from({ length: 400 }, (_, i) => `visitor-${String(i).padStart(5, '0')}`);

describe('the flag store', () => {
  it('applies the file: every flag and override in the database', async () => {
    const result = await applyFlagFile(database.db, await readFlagFile(apiFlags));
    expect(result).toEqual({ flags: 4, changed: 4, removed: 0, overrides: 3 });
    const { flags, overrides } = await stored();
    expect(flags.map((f) => f.key)).toEqual([
      'api-half-rollout',
      'api-variants',
      'business-entry-default-target',
      'consumer-app-on-desktop',
    ]);
    expect(overrides).toEqual([
      { distinctId: 'api-override-off', flagKey: 'api-half-rollout', value: false },
      { distinctId: 'api-override-on', flagKey: 'api-half-rollout', value: true },
      { distinctId: 'api-override-on', flagKey: 'api-variants', value: 'test' },
    ]);
    // the same file again changes nothing
    expect(await applyFlagFile(database.db, await readFlagFile(apiFlags))).toMatchObject({
      changed: 0,
      removed: 0,
    });
  });

  it('evaluates every flag per distinct id, overrides read per id', async () => {
    await applyFlagFile(database.db, await readFlagFile(apiFlags));
    const store = createFlagStore(database.db, { cacheMs: 60_000, log: console });
    expect(await store.evaluate('api-override-on')).toEqual({
      'api-half-rollout': true,
      'api-variants': 'test',
      'business-entry-default-target': false,
      'consumer-app-on-desktop': false,
    });
    expect(await store.evaluate('api-override-off')).toMatchObject({ 'api-half-rollout': false });
    const values = await Promise.all(ids.map((id) => store.evaluate(id)));
    const on = values.filter((v) => v['api-half-rollout'] === true).length / ids.length;
    expect(on).toBeGreaterThan(0.4);
    expect(on).toBeLessThan(0.6);
    expect(new Set(values.map((v) => v['api-variants']))).toEqual(new Set(['control', 'test']));
    expect(await store.evaluate(ids[7]!)).toEqual(values[7]);
  });

  it('keeps definitions and overrides for cacheMs (until invalidated): a page asks the database nothing', async () => {
    const file = await readFlagFile(apiFlags);
    await applyFlagFile(database.db, file);
    const store = createFlagStore(database.db, { cacheMs: 60_000, log: console });
    const id = 'visitor-cache-1';
    expect(await store.evaluate(id)).toMatchObject({ 'consumer-app-on-desktop': false });
    expect(await store.evaluate(id)).not.toMatchObject({ 'api-variants': 'control' });

    const changed = structuredClone(file);
    changed.flags['consumer-app-on-desktop']!.enabled = true;
    changed.flags['api-variants']!.overrides = { [id]: 'control' };
    await applyFlagFile(database.db, changed);
    // still the cached flags: neither the definition nor the new override shows yet
    const before = await store.evaluate(id);
    expect(before).toMatchObject({ 'consumer-app-on-desktop': false });
    expect(before['api-variants']).not.toBe('control');
    store.invalidate();
    expect(await store.evaluate(id)).toMatchObject({
      'consumer-app-on-desktop': true,
      'api-variants': 'control',
    });
  });

  it('re-applying without a flag removes it and its overrides', async () => {
    const file = await readFlagFile(apiFlags);
    await applyFlagFile(database.db, file);
    const smaller = structuredClone(file);
    delete smaller.flags['api-half-rollout'];
    expect(await applyFlagFile(database.db, smaller)).toMatchObject({
      flags: 3,
      removed: 1,
      overrides: 1,
    });
    const { flags, overrides } = await stored();
    expect(flags.map((f) => f.key)).not.toContain('api-half-rollout');
    expect(overrides).toEqual([
      { distinctId: 'api-override-on', flagKey: 'api-variants', value: 'test' },
    ]);
    const store = createFlagStore(database.db, { cacheMs: 0, log: console });
    expect(await store.evaluate('api-override-on')).not.toHaveProperty('api-half-rollout');
  });

  it('a bad file is refused before anything is written', async () => {
    await applyFlagFile(database.db, await readFlagFile(apiFlags));
    const before = await stored();
    const path = join(dir, 'bad.json');
    await writeFile(
      path,
      JSON.stringify({
        flags: {
          'api-variants': {
            description: '',
            type: 'multivariate',
            enabled: true,
            variants: { control: 50, test: 50 },
            overrides: { 'api-override-on': 'treatment' },
          },
        },
      }),
    );
    const store = createFlagStore(database.db, { cacheMs: 0, log: console });
    const error = await startFlagFile(database.db, { path, log: console, store }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FlagFileError);
    expect((error as Error).message).toContain(
      'Flag "api-variants": the override for "api-override-on" must name one of the flag\'s variants (control, test) or be false.',
    );
    expect(await stored()).toEqual(before);
  });
});

describe('the flags file watcher', () => {
  it('applies each edit, and keeps the last good flags after a bad one', async () => {
    const path = join(dir, 'flags.json');
    const original = await readFile(apiFlags, 'utf8');
    await writeFile(path, original);
    const logged: { level: string; message: string }[] = [];
    const log = {
      info: (message: string) => logged.push({ level: 'info', message }),
      error: (_details: unknown, message: string) => logged.push({ level: 'error', message }),
    } as unknown as Parameters<typeof startFlagFile>[1]['log'];
    const store = createFlagStore(database.db, { cacheMs: 60_000, log: console });
    const watcher = await startFlagFile(database.db, { path, log, store });
    try {
      expect(watcher.applied.flags).toBe(4);
      expect(await store.evaluate('visitor-watch')).toMatchObject({
        'consumer-app-on-desktop': false,
      });

      // an edit the way `npm run flags` writes: a new file renamed over the old one
      const on = FlagFile.parse(JSON.parse(original));
      on.flags['consumer-app-on-desktop']!.enabled = true;
      await writeFile(`${path}.tmp`, serializeFlagFile(on));
      await rename(`${path}.tmp`, path);
      await expect
        .poll(async () => (await store.evaluate('visitor-watch'))['consumer-app-on-desktop'], {
          timeout: 5_000,
        })
        .toBe(true);
      expect(logged.at(-1)).toEqual({
        level: 'info',
        message: expect.stringContaining('flags.json changed: 4 flags (1 new or changed'),
      });

      // a bad edit in place: logged, and the flags stay as they were
      await writeFile(path, original.replace('"rollout": 50', '"rollout": 500'));
      await expect
        .poll(() => logged.filter((line) => line.level === 'error').length, { timeout: 5_000 })
        .toBe(1);
      expect(logged.at(-1)!.message).toContain(
        'Flag "api-half-rollout": rollout must be a whole number from 0 to 100.',
      );
      expect(logged.at(-1)!.message).toContain('the last good flags stay in force');
      store.invalidate();
      expect(await store.evaluate('visitor-watch')).toMatchObject({
        'consumer-app-on-desktop': true,
      });
    } finally {
      await watcher.close();
    }
  });
});
