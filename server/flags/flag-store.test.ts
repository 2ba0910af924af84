import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { featureFlags } from '../../db/schema';
import type { FlagDefinition } from './evaluate';
import { createFlagStore } from './flag-store';

const on: FlagDefinition = {
  key: 'new-footer',
  kind: 'boolean',
  enabled: true,
  rolloutPercent: 100,
  variants: [],
};

/**
 * The two reads the store makes (definitions, overrides), as Drizzle's query builder answers
 * them, from a database the test can take down: `down` is the error every read then fails with.
 */
function fakeDatabase() {
  const state = {
    definitions: [on],
    down: null as Error | null,
    /** Set to make a read wait until the test calls it. */
    hold: null as Promise<void> | null,
    reads: 0,
  };
  const answer = async (rows: unknown[]) => {
    state.reads += 1;
    if (state.hold) await state.hold;
    if (state.down) throw state.down;
    return rows;
  };
  const db = {
    select: () => ({
      from: (table: unknown) => {
        const rows = () => (table === featureFlags ? state.definitions : []);
        return {
          orderBy: () => answer(rows()),
          then: (done: (r: unknown[]) => unknown, failed: (e: unknown) => unknown) =>
            answer(rows()).then(done, failed),
        };
      },
    }),
  };
  return { db: db as unknown as Database, state };
}

function recordingLogger() {
  const lines: [string, string][] = [];
  return {
    lines,
    info: (msg: string) => void lines.push(['info', msg]),
    warn: (_obj: object, msg: string) => void lines.push(['warn', msg]),
    error: (_obj: object, msg: string) => void lines.push(['error', msg]),
  };
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('the flag store when the database fails (server/flags/flag-store.ts)', () => {
  it('answers the last definitions read, logs the outage once, and its end once', async () => {
    const { db, state } = fakeDatabase();
    const log = recordingLogger();
    const store = createFlagStore(db, { cacheMs: 0, log });
    expect(await store.evaluate('visitor')).toEqual({ 'new-footer': true });

    state.down = refused();
    for (let i = 0; i < 5; i++)
      expect(await store.evaluate('visitor')).toEqual({ 'new-footer': true });
    // an edit applied elsewhere cannot be read now: the last definitions stay in force
    store.invalidate();
    expect(await store.evaluate('visitor')).toEqual({ 'new-footer': true });
    expect(log.lines).toEqual([
      [
        'warn',
        'flags: reading the definitions failed: The database is not answering. Pages use the last definitions read until a read works.',
      ],
    ]);

    state.down = null;
    state.definitions = [{ ...on, enabled: false }];
    // the read that notices runs behind the page that asked, which still gets the last ones
    await store.evaluate('visitor');
    await expect.poll(() => store.evaluate('visitor')).toEqual({ 'new-footer': false });
    expect(log.lines).toHaveLength(2);
    expect(log.lines[1]).toEqual([
      'info',
      expect.stringMatching(
        /^flags: reading the definitions works again, after \d+ s and \d+ failed tries$/,
      ),
    ]);
  });

  it('while reads fail, pages do not wait for the next try, and tries are cacheMs apart', async () => {
    const { db, state } = fakeDatabase();
    const store = createFlagStore(db, { cacheMs: 60_000, log: recordingLogger() });
    await store.evaluate('visitor');
    state.down = refused();
    store.invalidate();
    // the first read after the outage began is waited for: nothing told the store yet
    expect(await store.evaluate('visitor')).toEqual({ 'new-footer': true });
    const reads = state.reads;
    for (let i = 0; i < 10; i++) await store.evaluate('visitor');
    expect(state.reads).toBe(reads);

    // the next try hangs (a server that does not answer): pages still answer at once
    store.invalidate();
    let release = () => {};
    state.hold = new Promise<void>((resolve) => (release = resolve));
    expect(await store.evaluate('visitor')).toEqual({ 'new-footer': true });
    expect(await store.evaluate('visitor')).toEqual({ 'new-footer': true });
    release();
  });

  it('with nothing read yet, a failed read fails the evaluation (the page answers 503)', async () => {
    const { db, state } = fakeDatabase();
    state.down = refused();
    const store = createFlagStore(db, { cacheMs: 0, log: recordingLogger() });
    await expect(store.evaluate('visitor')).rejects.toThrow('ECONNREFUSED');
  });
});
