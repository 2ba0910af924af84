/**
 * The search index's own thread (docs/decisions/045-search-thread.md): SearchIndex, built and
 * kept current here, so that its hundreds of megabytes at scale live in a heap of their own and
 * the request thread's garbage collector never walks them. server/search/search-thread.ts
 * starts it and speaks to it; this file only answers.
 *
 * On PostgreSQL it reads through a small pool of its own; the embedded database has one
 * connection, the request thread's (db/pglite-thread.ts), so its queries are relayed there.
 */
import { parentPort, workerData, type Transferable } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import { etagOf } from '../etag';
import { mediaUrls } from '../media/urls';
import { SearchIndex } from './search-index';
import {
  plainError,
  type FromSearchThread,
  type JsonAnswer,
  type SearchThreadData,
  type ToSearchThread,
} from './search-thread';

const port = parentPort;
if (!port) throw new Error('server/search/search-worker.ts runs as a worker thread only');
const data = workerData as SearchThreadData;

const post = (message: FromSearchThread, transfer: Transferable[] = []) =>
  port.postMessage(message, transfer);
const utf8 = new TextEncoder();

/** An /api answer as its UTF-8 bytes and their ETag: this thread's work, not the request thread's. */
function jsonAnswer(text: string): JsonAnswer {
  const body = utf8.encode(text);
  return { body, etag: etagOf(body) };
}

const log = {
  info: (msg: string) => post({ op: 'log', level: 'info', msg }),
  // A warning's fields are plain values (server/failure-log.ts): they cross as they are.
  warn: (obj: object, msg: string) =>
    post({ op: 'log', level: 'warn', msg, fields: obj as Record<string, string> }),
  error: (obj: unknown, msg: string) =>
    post({
      op: 'log',
      level: 'error',
      msg,
      err: plainError((obj as { err?: unknown } | null)?.err ?? obj),
    }),
};

/** The embedded database's queries, asked of the request thread (which owns the connection). */
const relayed = new Map<number, { resolve: (r: Results) => void; reject: (e: Error) => void }>();
let nextRelay = 1;
function relayClient(): PGlite {
  const query = (sql: string, params: unknown[] = [], options?: QueryOptions) =>
    new Promise<Results>((resolve, reject) => {
      const id = nextRelay++;
      relayed.set(id, { resolve, reject });
      post({ op: 'query', id, sql, params, rowMode: options?.rowMode });
    });
  const refuse = () => Promise.reject(new Error('the search thread only reads'));
  return { query, exec: refuse, transaction: refuse } as unknown as PGlite;
}

async function openIndex(): Promise<{ index: SearchIndex; close: () => Promise<void> }> {
  let db: Database;
  let close = async () => {};
  if (data.databaseUrl) {
    const database = await openDatabase({
      databaseUrl: data.databaseUrl,
      poolSize: 2,
      queryCaptureFile: data.queryCaptureFile,
    });
    db = database.db;
    close = () => database.close();
  } else {
    db = drizzle(relayClient(), { schema }) as unknown as Database;
  }
  const index = new SearchIndex(
    { db, media: mediaUrls(data.mediaBaseUrl) },
    { syncMs: data.syncMs, log },
  );
  return { index, close };
}

const opened = openIndex();
// Its failure is told by each message that needs it ('start' logs it).
opened.catch(() => {});

port.on('message', (message: ToSearchThread) => {
  void handle(message);
});

async function handle(message: ToSearchThread): Promise<void> {
  switch (message.op) {
    case 'queried': {
      const waiting = relayed.get(message.id);
      if (!waiting) return;
      relayed.delete(message.id);
      if (message.error) waiting.reject(Object.assign(new Error(), message.error));
      else waiting.resolve(message.result as Results);
      return;
    }
    case 'start': {
      try {
        const { index } = await opened;
        await index.start();
        post({ op: 'started', ready: index.ready });
      } catch (error) {
        log.error({ err: error }, 'search index: could not open its database; searches use SQL');
        post({ op: 'started', ready: false });
      }
      return;
    }
    case 'sync': {
      // A sync never fails (SearchIndex logs its errors); nor does this, whatever opened.
      await opened.then(({ index }) => index.sync()).catch(() => {});
      post({ op: 'answer', id: message.id });
      return;
    }
    case 'search': {
      try {
        const { index } = await opened;
        const { request } = message;
        if (message.json) {
          const answer = jsonAnswer(index.searchJson(request));
          // The bytes move to the request thread; nothing is copied.
          post({ op: 'answer', id: message.id, result: answer }, [
            answer.body.buffer as ArrayBuffer,
          ]);
        } else post({ op: 'answer', id: message.id, result: index.search(request) });
      } catch (error) {
        post({ op: 'answer', id: message.id, error: plainError(error) });
      }
      return;
    }
    case 'stop': {
      await opened
        .then(async ({ index, close }) => {
          await index.stop();
          await close();
        })
        .catch(() => {});
      post({ op: 'stopped' });
      return;
    }
  }
}
