import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Why the database cannot do what it was asked (docs/decisions/026-storage-faults.md):
 * - `full`: its disk is full (writes fail, reads go on);
 * - `read_only`: it cannot write at all (a read-only disk or server);
 * - `unavailable`: it does not answer (the server is down or unreachable, the connection broke).
 */
export type StorageFaultKind = 'full' | 'read_only' | 'unavailable';

/** What each fault is, as a sentence for logs, /readyz and the 503 answers. */
export const STORAGE_FAULT_SENTENCES: Record<StorageFaultKind, string> = {
  full: "The database's disk is full: it cannot store anything until space is freed.",
  read_only: 'The database is read-only: it cannot store anything until it can write again.',
  unavailable: 'The database is not answering.',
};

/** SQLSTATEs of a storage fault (PostgreSQL and PGlite alike). */
const STATES: Record<string, StorageFaultKind> = {
  '53100': 'full', // disk_full
  '25006': 'read_only', // read_only_sql_transaction (a standby, default_transaction_read_only)
  '53300': 'unavailable', // too_many_connections
  '57P01': 'unavailable', // admin_shutdown: the server is stopping
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now: starting up or shutting down
};

/** Node's error codes (system calls, sockets, DNS). */
const ERRNO_CODES: Record<string, StorageFaultKind> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read_only',
  ECONNREFUSED: 'unavailable',
  ECONNRESET: 'unavailable',
  ECONNABORTED: 'unavailable',
  EPIPE: 'unavailable',
  ETIMEDOUT: 'unavailable',
  EHOSTUNREACH: 'unavailable',
  ENETUNREACH: 'unavailable',
  ENOTFOUND: 'unavailable',
  EAI_AGAIN: 'unavailable',
};

/** Emscripten's errno numbers, as PGlite's file system throws them (ErrnoError). */
const EMSCRIPTEN_ERRNO: Record<number, StorageFaultKind> = {
  51: 'full',
  19: 'full',
  69: 'read_only',
};

/**
 * node-postgres' own errors carry no code: a connection that broke, a pool that could not
 * connect in time. The last is db/pglite-thread.ts's worker that stopped.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection terminated due to connection timeout/,
  /^the embedded database stopped/,
];

function faultOfOne(error: object): StorageFaultKind | null {
  const { code, errno, name, message } = error as {
    code?: unknown;
    errno?: unknown;
    name?: unknown;
    message?: unknown;
  };
  if (typeof code === 'string') {
    const kind = STATES[code] ?? ERRNO_CODES[code];
    if (kind) return kind;
    // class 08: connection exception (the connection failed or broke)
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
    if (code === '58030') {
      // io_error: PostgreSQL names the system's reason in the message
      const text = String(message);
      if (/No space left|quota/i.test(text)) return 'full';
      if (/Read-only file system/i.test(text)) return 'read_only';
      return 'unavailable';
    }
  }
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno] ?? null;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message)))
    return 'unavailable';
  return null;
}

/**
 * The storage fault behind an error, or null for any other error. Looks through Drizzle's
 * wrapping (`cause`) and a failed connection to each address of a host (`AggregateError`).
 */
export function storageFaultOf(error: unknown, depth = 0): StorageFaultKind | null {
  if (!error || typeof error !== 'object' || depth > 8) return null;
  // A refusal of the request itself (Fastify's 4xx: a body the client broke off half-way is an
  // ECONNRESET with status 400) is the client's, never the database's.
  const { statusCode } = error as { statusCode?: unknown };
  if (depth === 0 && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
    return null;
  const own = faultOfOne(error);
  if (own) return own;
  for (const inner of (error as { errors?: unknown }).errors instanceof Array
    ? ((error as { errors: unknown[] }).errors ?? [])
    : []) {
    const kind = storageFaultOf(inner, depth + 1);
    if (kind) return kind;
  }
  return storageFaultOf((error as { cause?: unknown }).cause, depth + 1);
}

/** A file system error's code (ENOSPC, EROFS, EACCES…), looking through causes. */
export function errnoCodeOf(error: unknown): string | null {
  for (
    let e = error, i = 0;
    e && typeof e === 'object' && i < 8;
    e = (e as { cause?: unknown }).cause, i++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    const { name, errno } = e as { name?: unknown; errno?: unknown };
    if (name === 'ErrnoError' && typeof errno === 'number') {
      const kind = EMSCRIPTEN_ERRNO[errno];
      if (kind) return kind === 'full' ? 'ENOSPC' : 'EROFS';
    }
  }
  return null;
}

/** The file a write probe writes and removes. */
export const WRITE_PROBE_FILE = '.spotreel-write-probe';

/**
 * Whether a folder takes a write of `bytes`: a file written there and removed. Answers the
 * fault (`full`, `read_only`), or null when the write worked. EACCES and EPERM (this user may
 * not write there) count as read-only; any other error is thrown.
 */
export async function probeFolder(dir: string, bytes = 8192): Promise<StorageFaultKind | null> {
  const file = join(dir, WRITE_PROBE_FILE);
  try {
    await writeFile(file, Buffer.alloc(bytes));
    return null;
  } catch (error) {
    const code = errnoCodeOf(error);
    if (code === 'EACCES' || code === 'EPERM') return 'read_only';
    const kind = storageFaultOf(error);
    if (kind === 'full' || kind === 'read_only') return kind;
    throw error;
  } finally {
    await rm(file, { force: true }).catch(() => undefined);
  }
}

/** A storage fault the process knows of: what, since when, and when it was last seen. */
export interface StorageFault {
  kind: StorageFaultKind;
  /** The error or probe result that showed it last (for logs, never for visitors). */
  detail: string;
  since: number;
  lastSeen: number;
}

/** What a probe finds: the database answers and can write (null), or the fault it has. */
export type StorageProbe = () => Promise<StorageFaultKind | null>;

/**
 * What a fault's error says, for logs: the innermost cause's code and the first line of its
 * message. Drizzle's own message carries the query's values on its second line ("params: …"),
 * which never leaves here (server/logger.ts scrubs the errors it logs whole).
 */
export function faultDetail(error: unknown): string {
  let inner: unknown = error;
  for (let i = 0; i < 8; i++) {
    const cause = (inner as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    inner = cause;
  }
  const { code, message } = (inner ?? {}) as { code?: unknown; message?: unknown };
  const line = (typeof message === 'string' ? message : String(inner)).split('\n')[0] ?? '';
  return typeof code === 'string' || typeof code === 'number' ? `${code}: ${line}` : line;
}

/**
 * What the process knows of its database's storage (docs/decisions/026-storage-faults.md):
 * a fault is recorded when a call fails with one (`report`) or a probe finds one (`check`),
 * and forgotten when a probe finds none and no call has failed with it for `holdMs` (a probe
 * cannot see every fault: a PostgreSQL server's full disk shows only when a write fails).
 */
export class StorageFaults {
  private fault: StorageFault | null = null;
  private readonly listeners = new Set<(fault: StorageFault | null) => void>();

  constructor(
    private readonly probe: StorageProbe,
    private readonly options: { holdMs?: number; probeTimeoutMs?: number } = {},
  ) {}

  /** The fault the process knows of now, or null. */
  get current(): StorageFault | null {
    return this.fault;
  }

  /** Told on every change: a new fault, another kind, or none any more. */
  onChange(listener: (fault: StorageFault | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records the error's storage fault, if it is one, and answers its kind (or null). */
  report(error: unknown): StorageFaultKind | null {
    const kind = storageFaultOf(error);
    if (kind) this.record(kind, faultDetail(error));
    return kind;
  }

  private checking: Promise<StorageFault | null> | null = null;

  /**
   * Runs the probe now: records what it finds, or forgets a fault it no longer finds. Calls
   * made while a probe runs share it (a burst of /readyz is one probe, not one each).
   */
  check(): Promise<StorageFault | null> {
    this.checking ??= this.probeOnce().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async probeOnce(): Promise<StorageFault | null> {
    const timeoutMs = this.options.probeTimeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    let found: StorageFaultKind | null;
    let detail: string;
    try {
      found = await Promise.race([
        this.probe(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
      detail = found ? `a probe found it ${found === 'full' ? 'full' : 'read-only'}` : '';
    } catch (error) {
      // A database that answers a probe with an error it should not give cannot be counted on.
      found = storageFaultOf(error) ?? 'unavailable';
      detail = faultDetail(error);
    } finally {
      clearTimeout(timer);
    }
    if (found) this.record(found, detail);
    else if (this.fault && Date.now() - this.fault.lastSeen >= (this.options.holdMs ?? 2000)) {
      this.fault = null;
      this.emit();
    }
    return this.fault;
  }

  private record(kind: StorageFaultKind, detail: string) {
    const now = Date.now();
    if (this.fault?.kind === kind) {
      this.fault.lastSeen = now;
      this.fault.detail = detail;
      return;
    }
    this.fault = { kind, detail, since: now, lastSeen: now };
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener(this.fault);
  }
}
