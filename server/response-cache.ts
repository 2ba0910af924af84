import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { etagOf } from './etag';

/**
 * Public GET answers: Cache-Control for browsers and CDNs, a strong ETag with 304s, and a
 * short-lived copy in process memory so a burst of the same request reaches the database
 * once (docs/decisions/008-response-cache.md).
 */
export interface ResponseCache {
  clear(): void;
  readonly size: number;
  readonly enabled: boolean;
}

interface Entry {
  /** The answer as the route gave it: its JSON text, or its UTF-8 bytes (the search thread's). */
  body: string | Buffer;
  etag: string;
  contentType: string;
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

/** What an entry costs besides its body: its key, its tag, the cache's own bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The kept answers: at most `maxEntries` and `maxBytes` of bodies (API_CACHE_MAX_MB), the least
 * recently used going first, and those past `ttlMs` dropped every `ttlMs` even when nobody asks
 * again, so that memory a burst filled comes back when it is over (issue 36, ADR 063).
 */
export function createResponseCache(options: {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}) {
  const enabled = options.ttlMs > 0 && options.maxBytes > 0;
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries,
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (entry, key) =>
      Buffer.byteLength(entry.body) + key.length + ENTRY_OVERHEAD_BYTES,
    ttl: Math.max(1, options.ttlMs),
  });
  const sweeper = enabled
    ? setInterval(() => entries.purgeStale(), Math.max(1_000, options.ttlMs)).unref()
    : null;
  // Bumped by clear(): an answer computed from before a write (on a read replica that had not
  // replayed it, or on the primary just before it) is never stored after it (ADR 040).
  let generation = 0;
  const cache: ResponseCache & {
    get(key: string): Entry | undefined;
    /** Stores an answer begun in `since` (cache.generation when its request came), if still current. */
    set(key: string, entry: Entry, since: number): void;
    readonly generation: number;
    /** The bytes its entries count for (bodies, keys and overhead). */
    readonly bytes: number;
    close(): void;
  } = {
    get generation() {
      return generation;
    },
    get: (key) => entries.get(key),
    set(key, entry, since) {
      if (!enabled || since !== generation) return;
      entries.set(key, entry);
    },
    clear: () => {
      generation += 1;
      entries.clear();
    },
    enabled,
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
    close: () => {
      if (sweeper) clearInterval(sweeper);
    },
  };
  return cache;
}
type CacheStore = ReturnType<typeof createResponseCache>;

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', entry.etag);
  if (notModified(request, entry.etag)) return reply.code(304).send();
  return reply.header('content-type', entry.contentType).header('x-cache', 'hit').send(entry.body);
}

export const responseCachePlugin = fp<{ cache: CacheStore }>(
  async (app: FastifyInstance, { cache }) => {
    // Single flight: while one request computes an answer, identical ones wait for it
    // instead of asking the database again (a cold cache under a burst).
    const inFlight = new Map<string, Promise<Entry | undefined>>();
    const leaders = new WeakMap<FastifyRequest, (entry: Entry | undefined) => void>();
    /** The cache's generation when each public GET came: what its answer may be stored under. */
    const since = new WeakMap<FastifyRequest, number>();
    // A request after a clear() does not join one that began before it.
    const flightKey = (request: FastifyRequest) =>
      `${since.get(request) ?? cache.generation}:${request.url}`;
    const settle = (request: FastifyRequest, entry: Entry | undefined) => {
      const done = leaders.get(request);
      if (!done) return;
      leaders.delete(request);
      inFlight.delete(flightKey(request));
      done(entry);
    };
    const isPublicGet = (request: FastifyRequest) =>
      request.method === 'GET' && request.routeOptions.config.publicCache === true;

    // After every onRequest hook, the routes' own included: a cached answer is still a read
    // its client spends (server/rate-limits.ts).
    // Callback hooks here and below: an async one costs every request a promise and a
    // microtask. A hook that answers calls no `done`: the answer ends the request.
    app.addHook('preValidation', (request, reply, done) => {
      if (!isPublicGet(request) || !cache.enabled) return done();
      since.set(request, cache.generation);
      const entry = cache.get(request.url);
      if (entry) return void sendCached(request, reply, entry);
      const pending = inFlight.get(flightKey(request));
      if (pending)
        // When the first request failed, this one tries on its own.
        return void pending
          .then((shared) => (shared ? void sendCached(request, reply, shared) : done()))
          .catch(done);
      inFlight.set(flightKey(request), new Promise((resolve) => leaders.set(request, resolve)));
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!isPublicGet(request)) return done(null, payload);
      const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
      if (reply.statusCode !== 200 || body === null || reply.getHeader('x-cache')) {
        settle(request, undefined);
        return done(null, payload);
      }
      // A route that tagged its answer already (the search thread's, ADR 053) keeps that tag:
      // etagOf of the same bytes, worked out off this thread.
      const tagged = reply.getHeader('etag');
      const entry = {
        body,
        etag: typeof tagged === 'string' ? tagged : etagOf(body),
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      };
      cache.set(request.url, entry, since.get(request) ?? cache.generation);
      settle(request, entry);
      reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', entry.etag);
      if (notModified(request, entry.etag)) {
        reply.code(304);
        return done(null, '');
      }
      done(null, payload);
    });
    // Whatever happened to the first request, never leave the others waiting.
    app.addHook('onResponse', (request, _reply, done) => {
      settle(request, undefined);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      settle(request, undefined);
      done();
    });
  },
);
