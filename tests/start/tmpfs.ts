import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Small file systems for the storage-fault tests (docs/decisions/026-storage-faults.md): a
 * tmpfs of a given size, filled to the last byte or mounted read-only. Mounting needs root
 * (CI runs as root: .ci/run installs with apt-get); elsewhere the tests that need it skip,
 * and under CI they fail instead.
 */
export const canMount = process.getuid?.() === 0;

/** The skip rule of a test that needs to mount: never skipped in CI. */
export const skipWithoutMount = !canMount && process.env.CI !== 'true';

export interface Tmpfs {
  dir: string;
  /** Fills it until the system answers ENOSPC; the file is `fill` in it. */
  fill(): void;
  /** Frees what fill() took. */
  unfill(): void;
  /** Mounts it read-only from now on (nothing may hold a file open for writing). */
  readOnly(): void;
  unmount(): void;
}

export function mountTmpfs(sizeMb: number): Tmpfs {
  if (!canMount)
    throw new Error('Mounting a tmpfs needs root (the storage-fault tests run as root in CI)');
  const dir = mkdtempSync(join(tmpdir(), 'spotreel-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  const fillFile = join(dir, 'fill');
  let mounted = true;
  return {
    dir,
    fill() {
      const fd = openSync(fillFile, 'a');
      try {
        for (const size of [1 << 20, 4096, 1]) {
          const chunk = Buffer.alloc(size);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    unfill() {
      rmSync(fillFile, { force: true });
    },
    readOnly() {
      execFileSync('mount', ['-o', 'remount,ro', dir]);
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      try {
        execFileSync('umount', [dir]);
      } catch {
        // still busy (a process that has not quite exited): detach it now, freed when unused
        execFileSync('umount', ['-l', dir]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
