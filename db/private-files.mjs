// The data folder is its owner's alone (docs/decisions/061-private-data-folder.md): files 0600,
// folders 0700, whatever the umask. Plain JavaScript: the embedded database's thread
// (db/pglite-worker.mjs) runs it as it is.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';

/** Group and other bits: none of them, ever, on the data folder. */
const SHARED_BITS = 0o077;
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

const masked = (mode) => (typeof mode === 'number' ? mode & ~SHARED_BITS : mode);

/**
 * In the embedded database's thread, every mode a file system call asks for loses its group and
 * other bits. PGlite's Emscripten file system ignores the process umask: it makes each file
 * 0777 and then chmods it to 0666 (968 of 972 files of a new database, measured with umask
 * 0022), so a umask alone cannot keep the files private. Only that thread writes through these
 * calls, and it writes nothing but the database.
 */
export function maskModesInThisThread() {
  const { chmodSync, fchmodSync, mkdirSync, writeFileSync, openSync } = fs;
  fs.chmodSync = (path, mode) => chmodSync(path, masked(mode));
  fs.fchmodSync = (fd, mode) => fchmodSync(fd, masked(mode));
  fs.mkdirSync = (path, options) =>
    mkdirSync(
      path,
      typeof options === 'object' && options !== null
        ? { ...options, mode: masked(options.mode ?? 0o777) }
        : masked(options ?? 0o777),
    );
  fs.writeFileSync = (path, data, options) =>
    writeFileSync(
      path,
      data,
      typeof options === 'object' && options !== null
        ? { ...options, mode: masked(options.mode ?? 0o666) }
        : { encoding: options, mode: masked(0o666) },
    );
  fs.openSync = (path, flags, mode) => openSync(path, flags, masked(mode ?? 0o666));
  // `import * as fs` namespaces (PGlite's NodeFS has one) see the replacements too.
  syncBuiltinESMExports();
}

/**
 * Makes a folder tree private: each folder 0700, each file 0600 (symbolic links are left as
 * they are). Answers how many it changed, so that a start can say it fixed older data.
 */
export function makeTreePrivate(dir) {
  let changed = 0;
  const fix = (path, mode, want) => {
    if ((mode & 0o777) === want) return;
    fs.chmodSync(path, want);
    changed++;
  };
  const walk = (folder) => {
    fix(folder, fs.statSync(folder).mode, PRIVATE_FOLDER_MODE);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) fix(path, fs.statSync(path).mode, PRIVATE_FILE_MODE);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return changed;
}
