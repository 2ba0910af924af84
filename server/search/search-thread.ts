import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { SearchResults } from '../../contract/search';
import type { SearchRequest } from './search-index';

/**
 * The search index in a thread of its own (docs/decisions/045-search-thread.md). At
 * SEED_SCALE=100 the index is about 450 MB of small objects; in the request thread's heap every
 * full collection walked them all (about half a second of marking), and the place page's p99
 * went from 140 ms without the index to 430 ms with it. Here it has a heap of its own: the
 * request thread asks and gets answers, as it would ask a database.
 *
 * Same face as SearchIndex (ADR 035, 042): `start` builds it, `ready` says whether searches can
 * use it (until then they use SQL), `sync` picks up a write, `search` answers; the answer to an
 * /api call comes as its JSON text, made in the search thread.
 */

/** What the search thread is started with (workerData). */
export interface SearchThreadData {
  /** postgres://…: the thread reads through a small pool of its own. Absent: the embedded database, relayed. */
  databaseUrl?: string | undefined;
  queryCaptureFile?: string | undefined;
  mediaBaseUrl: string;
  syncMs: number;
  /** The TypeScript source to run (tests and development, through tsx); absent when built. */
  entry?: string;
}

type PlainError = Record<string, unknown>;

/** An error as plain data, to cross the thread: message, name, stack and PostgreSQL's fields. */
export function plainError(error: unknown): PlainError {
  const out: PlainError = {
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : 'Error',
    stack: error instanceof Error ? error.stack : undefined,
  };
  if (error && typeof error === 'object')
    for (const [key, value] of Object.entries(error))
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
        out[key] = value;
  return out;
}

export type ToSearchThread =
  | { op: 'start' }
  | { op: 'sync'; id: number }
  | { op: 'search'; id: number; request: SearchRequest; json: boolean }
  | { op: 'stop' }
  | { op: 'queried'; id: number; result?: unknown; error?: PlainError };

/** A search's answer to an /api call: its JSON as UTF-8 bytes, and their ETag (ADR 053). */
export interface JsonAnswer {
  body: Uint8Array;
  etag: string;
}

export type FromSearchThread =
  | { op: 'started'; ready: boolean }
  | { op: 'answer'; id: number; result?: unknown; error?: PlainError }
  | { op: 'query'; id: number; sql: string; params: unknown[]; rowMode: QueryOptions['rowMode'] }
  | {
      op: 'log';
      level: 'info' | 'warn' | 'error';
      msg: string;
      err?: PlainError;
      /** A warning's fields (plain values: a storage fault and what its error said). */
      fields?: Record<string, string | number | boolean | null>;
    }
  | { op: 'stopped' };

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The worker's file: the built one beside the built host, else the source through tsx. */
function workerFile(): { file: URL; entry?: string } {
  const built = new URL('./search-worker.js', import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(fileURLToPath(built))) return { file: built };
  return {
    file: new URL('./search-worker-boot.mjs', import.meta.url),
    entry: new URL('./search-worker.ts', import.meta.url).href,
  };
}

function rebuild(error: PlainError): Error {
  return Object.assign(new Error(String(error.message)), error);
}

export class SearchThread {
  /** Whether searches can use the index (built once, in its thread). */
  ready = false;
  private worker: Worker | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private onStopped: (() => void) | null = null;
  /** Resolves `start()`: once built or not, and at the latest when the thread ends or is stopped. */
  private started: (() => void) | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly options: {
      databaseUrl?: string | undefined;
      queryCaptureFile?: string | undefined;
      mediaBaseUrl: string;
      syncMs: number;
      /** The embedded database's query, for the thread's reads (it has no connection of its own). */
      embeddedQuery?:
        | ((sql: string, params: unknown[], rowMode?: 'array' | 'object') => Promise<Results>)
        | undefined;
      log: Log;
    },
  ) {}

  /** Starts the thread and builds the index; resolves once it is ready (or could not be built). */
  start(): Promise<void> {
    if (this.starting) return this.starting;
    this.starting = new Promise<void>((resolve) => {
      if (this.stopped) return resolve();
      this.started = resolve;
      const { file, entry } = workerFile();
      const data: SearchThreadData = {
        databaseUrl: this.options.databaseUrl,
        queryCaptureFile: this.options.queryCaptureFile,
        mediaBaseUrl: this.options.mediaBaseUrl,
        syncMs: this.options.syncMs,
        ...(entry ? { entry } : {}),
      };
      const worker = new Worker(file, { workerData: data });
      this.worker = worker;
      // The process may end while it runs (it holds no work of its own).
      worker.unref();
      worker.on('message', (message: FromSearchThread) => {
        switch (message.op) {
          case 'started':
            this.ready = message.ready && !this.stopped;
            resolve();
            // Not built (it logged why): the index stays off until the process starts again,
            // and its thread goes with its connections.
            if (!this.ready && !this.stopped) void this.stop();
            return;
          case 'answer': {
            const waiting = this.pending.get(message.id);
            if (!waiting) return;
            this.pending.delete(message.id);
            if (message.error) waiting.reject(rebuild(message.error));
            else waiting.resolve(message.result);
            return;
          }
          case 'query':
            void this.relay(worker, message);
            return;
          case 'log':
            if (message.level === 'info') this.options.log.info(message.msg);
            else if (message.level === 'warn')
              this.options.log.warn(message.fields ?? {}, message.msg);
            else
              this.options.log.error(
                { err: message.err ? rebuild(message.err) : undefined },
                message.msg,
              );
            return;
          case 'stopped':
            this.onStopped?.();
            return;
        }
      });
      const gone = (error: Error) => {
        resolve();
        if (this.worker !== worker) return;
        this.worker = null;
        this.ready = false;
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
        if (!this.stopped)
          this.options.log.error(
            { err: error },
            'search index: its thread stopped; searches use SQL',
          );
      };
      worker.on('error', gone);
      // An answer that cannot be read: what waits would wait for ever; the thread is let go.
      worker.on('messageerror', (error) => {
        gone(error);
        void worker.terminate();
      });
      worker.on('exit', (code) => gone(new Error(`the search thread exited (code ${code})`)));
      worker.postMessage({ op: 'start' } satisfies ToSearchThread);
    });
    return this.starting;
  }

  /** Answers one of the thread's queries on the embedded database (PostgreSQL: it has its own pool). */
  private async relay(worker: Worker, message: Extract<FromSearchThread, { op: 'query' }>) {
    const reply = (answer: Omit<Extract<ToSearchThread, { op: 'queried' }>, 'op' | 'id'>) =>
      worker.postMessage({ op: 'queried', id: message.id, ...answer } satisfies ToSearchThread);
    const { embeddedQuery } = this.options;
    if (!embeddedQuery) return reply({ error: { message: 'no embedded database to relay to' } });
    try {
      reply({ result: await embeddedQuery(message.sql, message.params, message.rowMode) });
    } catch (error) {
      reply({ error: plainError(error) });
    }
  }

  private ask<T>(message: Extract<ToSearchThread, { op: 'sync' | 'search' }>): Promise<T> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('the search thread is not running'));
    return new Promise<T>((resolve, reject) => {
      this.pending.set(message.id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage(message);
    });
  }

  /**
   * Picks up what changed (a write of this replica, or another's): resolves once the index has it.
   * Before the index is ready there is nothing to bring up to date.
   */
  async sync(): Promise<void> {
    if (!this.ready || !this.worker) return;
    await this.ask<void>({ op: 'sync', id: this.nextId++ }).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'search index: sync failed');
    });
  }

  /** The answer, as objects (a page render's read). */
  search(request: SearchRequest): Promise<SearchResults> {
    return this.ask<SearchResults>({ op: 'search', id: this.nextId++, request, json: false });
  }

  /**
   * The answer to an /api call, made in the search thread (ADR 045, 053): its JSON as UTF-8 bytes,
   * handed over without a copy, and their ETag, so this thread neither encodes nor hashes it.
   */
  async searchJson(request: SearchRequest): Promise<{ body: Buffer; etag: string }> {
    const { body, etag } = await this.ask<JsonAnswer>({
      op: 'search',
      id: this.nextId++,
      request,
      json: true,
    });
    return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), etag };
  }

  /**
   * Stops syncing and ends the thread (a build or sync under way is not waited for). Searches
   * already asked are answered first: the thread takes its messages in order and a search does
   * no I/O, so a request in flight when the server stops gets the index's answer, not an error
   * and a search by SQL. What still waits when the thread has gone (a sync) fails.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.ready = false;
    this.started?.();
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // It closes its own pool first (a second at most), so the server sees its connections end.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1_000);
      this.onStopped = () => {
        clearTimeout(timer);
        resolve();
      };
      worker.postMessage({ op: 'stop' } satisfies ToSearchThread);
    });
    await worker.terminate();
    for (const waiting of this.pending.values())
      waiting.reject(new Error('the search thread stopped'));
    this.pending.clear();
  }
}
