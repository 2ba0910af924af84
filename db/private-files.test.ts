import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { makeTreePrivate } from './private-files.mjs';

/** Every file and folder under `dir` as `f 600` / `d 700` lines, counted. */
function modesUnder(dir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const key = `${entry.isDirectory() ? 'd' : 'f'} ${(statSync(path).mode & 0o777).toString(8)}`;
      counts[key] = (counts[key] ?? 0) + 1;
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return counts;
}

/** The data folder is its owner's alone (docs/decisions/061-private-data-folder.md). */
describe('a private data folder', () => {
  const made: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'spotreel-private-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('fixes older data: folders 0700, files 0600, and counts what it changed', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'db', 'global'), { recursive: true });
    writeFileSync(join(dir, 'db', 'global', 'pg_control'), 'x');
    writeFileSync(join(dir, 'media.mp4'), 'x');
    chmodSync(join(dir, 'db'), 0o777);
    chmodSync(join(dir, 'db', 'global', 'pg_control'), 0o666);
    chmodSync(join(dir, 'media.mp4'), 0o600);
    chmodSync(dir, 0o755);
    // dir, db, db/global and pg_control change; media.mp4 is already private
    expect(makeTreePrivate(dir)).toBe(4);
    expect(modesUnder(dir)).toEqual({ 'd 700': 2, 'f 600': 2 });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(makeTreePrivate(dir)).toBe(0);
  });

  it('keeps a new embedded database private whatever the umask', async () => {
    const dir = tempDir();
    const umask = process.umask(0);
    try {
      const database = await openDatabase({ pgliteDir: join(dir, 'db') });
      await database.db.execute('create table notes (id int primary key)');
      await database.db.execute('insert into notes values (1)');
      await database.close();
    } finally {
      process.umask(umask);
    }
    const modes = modesUnder(dir);
    // PGlite alone made about 970 files 0666 here (the ADR)
    expect(modes['f 600']).toBeGreaterThan(500);
    expect(Object.keys(modes).sort()).toEqual(['d 700', 'f 600']);
  }, 60_000);
});
