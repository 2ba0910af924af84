import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONNECT_TIMEOUT_MS } from '../db/client';
import { makeTreePrivate } from '../db/private-files.mjs';
import { errnoCodeOf, storageFaultOf, WRITE_PROBE_FILE } from '../db/storage-faults';
import type { Config } from './config';

/**
 * The start failed for a reason an operator can act on: its message is one sentence naming the
 * cause, printed instead of a stack (docs/decisions/026-storage-faults.md).
 */
export class CannotStart extends Error {
  constructor(reason: string) {
    super(`Spotreel cannot start: ${reason}`);
    this.name = 'CannotStart';
  }
}

/** A new embedded database takes about 40 MB; less free than this is a full disk to it. */
const PGLITE_MIN_FREE_BYTES = 64 * 1024 * 1024;
/** What the folder check writes (and removes) in each folder the process writes to. */
const PROBE_BYTES = 1024 * 1024;

function megabytes(bytes: number) {
  return `${Math.floor(bytes / (1024 * 1024))} MB`;
}

/** The sentence of a data folder that cannot be written, by the system's error code. */
function folderReason(dir: string, code: string, freeBytes?: number): string {
  const where = `the data folder ${dir} (DATA_DIR)`;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return `${where} is full${freeBytes === undefined ? '' : ` (${megabytes(freeBytes)} free)`}; free some space on its disk or point DATA_DIR at a bigger one.`;
  if (code === 'EROFS')
    return `${where} is read-only; mount it read-write or point DATA_DIR at a writable folder.`;
  if (code === 'EACCES' || code === 'EPERM')
    return `this user may not write in ${where}; give it write access or point DATA_DIR at another folder.`;
  return `${where} cannot be written (${code}).`;
}

/** The folders the process writes to: the data folder, its media and, embedded, its database. */
function foldersOf(config: Config): string[] {
  return [config.dataDir, config.mediaDir, ...(config.databaseUrl ? [] : [config.pgliteDir])];
}

/** Free bytes on the disk of a folder, or undefined if the system will not say. */
async function freeBytesOf(dir: string): Promise<number | undefined> {
  try {
    const stats = await statfs(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** The system's code for a write of `bytes` in this folder (ENOSPC, EROFS, EACCES…), or null. */
async function writeCode(dir: string, bytes: number): Promise<string | null> {
  const file = join(dir, WRITE_PROBE_FILE);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(file, Buffer.alloc(bytes));
    return null;
  } catch (error) {
    const code = errnoCodeOf(error);
    if (code) return code;
    throw error;
  } finally {
    await rm(file, { force: true }).catch(() => undefined);
  }
}

/**
 * What stands in the way of writing the data folder, as a sentence, or null: each folder is
 * made if missing and takes a 1 MB file. Run before the database opens, so that a full or
 * read-only DATA_DIR is named instead of failing deep inside PGlite.
 */
async function dataDirProblem(config: Config): Promise<string | null> {
  for (const dir of foldersOf(config)) {
    const code = await writeCode(dir, PROBE_BYTES);
    if (code !== null) return folderReason(config.dataDir, code, await freeBytesOf(dir));
  }
  return null;
}

/**
 * Fails the start with one sentence if the data folder cannot be written. Then makes it private
 * (folders 0700, files 0600: docs/decisions/061-private-data-folder.md), older data included;
 * answers how many files and folders that changed.
 */
export async function checkDataDir(config: Config): Promise<number> {
  const reason = await dataDirProblem(config);
  if (reason) throw new CannotStart(reason);
  return makeTreePrivate(config.dataDir);
}

/** A file system call's error (it names a path), looking through causes. */
function fileErrorOf(error: unknown): { code: string } | null {
  for (let e = error, i = 0; e && typeof e === 'object' && i < 8; i++) {
    const { code, path } = e as { code?: unknown; path?: unknown };
    if (typeof code === 'string' && typeof path === 'string' && /^E[A-Z]+$/.test(code))
      return { code };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The PostgreSQL server of DATABASE_URL as the sentences name it: its host and port, no secret. */
function serverName(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return `the PostgreSQL server of DATABASE_URL (${url.hostname}:${url.port || '5432'})`;
}

/** Why the server of DATABASE_URL could not be used, as a sentence, or null if not known. */
function serverReason(error: unknown, databaseUrl: string): string | null {
  const server = serverName(databaseUrl);
  const codes: string[] = [];
  for (
    let e = error, i = 0;
    e && typeof e === 'object' && i < 8;
    e = (e as { cause?: unknown }).cause, i++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    for (const inner of (e as { errors?: unknown }).errors instanceof Array
      ? (e as { errors: { code?: unknown }[] }).errors
      : [])
      if (typeof inner?.code === 'string') codes.push(inner.code);
  }
  const has = (...wanted: string[]) => codes.some((code) => wanted.includes(code));
  if (has('ECONNREFUSED')) return `${server} refused the connection; is it running, on that port?`;
  if (has('ENOTFOUND', 'EAI_AGAIN'))
    return `${server} could not be reached: its host name was not found.`;
  if (has('ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'))
    return `${server} could not be reached: no route to it, or no answer.`;
  if (has('28P01', '28000')) return `${server} refused the user or password of DATABASE_URL.`;
  if (has('3D000'))
    return `${server} has no database ${new URL(databaseUrl).pathname.slice(1) || '(none named)'}; create it first.`;
  if (has('57P03')) return `${server} is starting up or shutting down; start again once it is up.`;
  const fault = storageFaultOf(error);
  if (fault === 'full') return `${server} has a full disk; free some space on it.`;
  if (fault === 'read_only')
    return `${server} is read-only (a standby?); point DATABASE_URL at one that can write.`;
  if (fault === 'unavailable') {
    const message = error instanceof Error ? error.message : String(error);
    return /timeout/i.test(message)
      ? `${server} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s.`
      : `${server} could not be reached (${message.split('\n')[0]}).`;
  }
  return null;
}

/**
 * Why opening or migrating the database failed, as one sentence, or null when the cause is not
 * one an operator can act on (the error is then printed as it is, with its stack).
 */
export async function explainStartFailure(error: unknown, config: Config): Promise<string | null> {
  if (error instanceof CannotStart) return error.message.replace(/^Spotreel cannot start: /, '');
  // A file of the data folder (the media the seed writes, say) that could not be written
  const file = fileErrorOf(error);
  if (file) return folderReason(config.dataDir, file.code);
  if (config.databaseUrl) return serverReason(error, config.databaseUrl);
  // PGlite says little ("PGlite failed to initialize properly"): look at the folder instead.
  const problem = await dataDirProblem(config).catch(() => null);
  if (problem) return problem;
  const free = await freeBytesOf(config.pgliteDir);
  if (free !== undefined && free < PGLITE_MIN_FREE_BYTES)
    return folderReason(config.dataDir, 'ENOSPC', free);
  const fault = storageFaultOf(error);
  if (fault === 'full' || fault === 'read_only')
    return folderReason(config.dataDir, fault === 'full' ? 'ENOSPC' : 'EROFS', free);
  return null;
}

/**
 * The largest world the embedded database seeds in sensible time and memory: above it the
 * start refuses at once and names PostgreSQL (docs/decisions/037-views-at-scale.md, "Seeding
 * at scale", has the measurements).
 */
export const PGLITE_MAX_SEED_SCALE = 20;

/**
 * Why this start must not seed on the embedded database, or null: a world bigger than
 * PGLITE_MAX_SEED_SCALE on PGlite. Asked only when a seed is about to begin.
 */
export function seedScaleProblem(config: Pick<Config, 'databaseUrl' | 'seedScale'>): string | null {
  if (config.databaseUrl || config.seedScale <= PGLITE_MAX_SEED_SCALE) return null;
  return (
    `SEED_SCALE=${config.seedScale} is too big for the embedded database, which seeds up to ` +
    `SEED_SCALE=${PGLITE_MAX_SEED_SCALE}; seed a bigger world on PostgreSQL (set DATABASE_URL=postgres://…) ` +
    `or choose SEED_SCALE=${PGLITE_MAX_SEED_SCALE} or less.`
  );
}

/**
 * A Node.js older than `required`, package.json's engines (`>=24.11`, the first LTS release of
 * 24: ADR 059), as one sentence, or null. `npm install` brings Node.js 24 LTS
 * (node_modules/.bin/node) and the npm scripts run it, so `npm start` meets it; a host started
 * by hand with an older `node` is told how to start it instead.
 */
export function runtimeProblem(
  required: string,
  version: string = process.versions.node,
): string | null {
  const oldest = required.replace(/^>=\s*/, '');
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [oldestMajor = 0, oldestMinor = 0] = oldest.split('.').map(Number);
  if (major > oldestMajor || (major === oldestMajor && minor >= oldestMinor)) return null;
  return (
    `it runs on Node.js ${oldest} or newer, and this is Node.js ${version}; start it with ` +
    `\`npm start\`, which runs the Node.js that \`npm install\` brought, or put Node.js ` +
    `${oldestMajor} first on PATH.`
  );
}
