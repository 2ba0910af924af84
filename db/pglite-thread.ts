import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { projectRoot } from './project-root';

type Call =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object' | undefined }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'commit' }
  | { op: 'rollback' }
  | { op: 'close' };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** A database error as it crossed the thread: PostgreSQL's fields (code, table…) kept. */
function rebuildError(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message));
  Object.assign(error, data);
  return error;
}

/**
 * The embedded database (PGlite) in a worker thread of its own (docs/decisions/024): queries run
 * beside the request thread instead of on it, so rendering pages, serving cached answers and
 * health checks go on while the database works. It offers the part of PGlite's client that
 * Drizzle uses — `query`, `exec` and `transaction` — with the same one-at-a-time order (a
 * transaction holds the database until it ends, as in PGlite itself).
 */
export class PGliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private closing = false;

  private constructor(
    private readonly worker: Worker,
    onFailure: (error: Error) => void,
  ) {
    worker.on('message', (message: { id?: number; result?: unknown; error?: never }) => {
      if (message.id === undefined) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(rebuildError(message.error));
      else waiting.resolve(message.result);
    });
    const fail = (error: Error) => {
      // The first cause is kept ('error' is followed by 'exit').
      const first = !this.failure;
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
      if (first && !this.closing) onFailure(this.failure);
    };
    worker.on('error', fail);
    worker.on('messageerror', fail);
    worker.on('exit', (code) => fail(new Error(`the embedded database stopped (exit ${code})`)));
  }

  /**
   * Starts the thread and opens the database (a folder, or in memory without one). If the
   * thread dies later, every pending and later call fails and `onFailure` is told once; by
   * default the process stops, as it would if PGlite had failed in process, so that whatever
   * supervises it starts it again.
   */
  static async start(options: {
    dataDir?: string;
    settings: string[];
    onFailure?: (error: Error) => void;
  }): Promise<PGliteThread> {
    const worker = new Worker(join(projectRoot(), 'db', 'pglite-worker.mjs'), {
      workerData: { dataDir: options.dataDir, settings: options.settings },
    });
    await new Promise<void>((resolve, reject) => {
      const stopped = (code: number) =>
        reject(new Error(`the embedded database stopped while opening (exit ${code})`));
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('error', reject);
        worker.off('exit', stopped);
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', stopped);
    });
    return new PGliteThread(
      worker,
      options.onFailure ??
        ((error) =>
          setImmediate(() => {
            throw error;
          })),
    );
  }

  private call<T>(call: Call, tx?: number): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      // Posted first: a value that cannot be copied throws here and leaves nothing waiting.
      this.worker.postMessage({ ...call, id, tx });
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) {
    return this.call<Results<T>>({ op: 'query', sql, params, rowMode: options?.rowMode }, tx);
  }

  exec(sql: string, tx?: number) {
    return this.call<Results[]>({ op: 'exec', sql }, tx);
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params, options, id),
      exec: (sql: string) => this.exec(sql, id),
      rollback: async () => {
        closed = true;
        await this.call({ op: 'rollback' }, id);
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        // The callback's own error is the one to report (its SQLSTATE decides the answer),
        // even if the rollback fails too (the thread is gone, say).
        await this.call({ op: 'rollback' }, id).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'commit' }, id);
    }
    return result;
  }

  /** Closes the database (its last writes reach the folder), then stops the thread. */
  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }

  /** What Drizzle's PGlite driver is given: this, in PGlite's clothes. */
  asClient(): PGlite {
    return this as unknown as PGlite;
  }
}
