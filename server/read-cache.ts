import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { etagOf } from './etag';

/**
 * The one read cache (docs/decisions/071-one-read-cache.md): the answers of public reads, kept
 * once per read (its name, params and query) for the /api calls and the page renders alike, a
 * few seconds. A burst of the same read reaches the database once. It pays: bench/RESULTS.md,
 * bench:api of 2026-11-29, the "Default configuration (read cache on, ADR 071)" rows against the
 * "Read cache off" rows of the same run (city feed 16,748 against 269 req/s, search 9,862
 * against 3,463).
 */

/** A public answer as /api sends it: its JSON text or UTF-8 bytes, and their strong ETag. */
export interface HttpAnswer {
  body: string | Buffer;
  etag: string;
  contentType: string;
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
const JSON_TYPE = 'application/json; charset=utf-8';

/** What an entry costs besides its JSON: its key, the cache's own bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 200;

/** What a read's work gave: its answer, or (an /api call's own form: the search thread's) its bytes. */
type Made = { answer: unknown } | { http: HttpAnswer };

/**
 * One read's answer, as the read function gave it (page renders) and as /api sends it: each
 * made from the other when first asked, once.
 */
class Entry {
  #answer?: Promise<unknown>;
  #http?: Promise<HttpAnswer>;
  /** The /api form once made: a hit is sent without waiting. */
  sent?: HttpAnswer;
  /** The length of its JSON, once known (what it counts for in the cache's bytes). */
  size = 0;
  constructor(readonly made: Promise<Made>) {}

  answer(): Promise<unknown> {
    // The search thread's bytes are `JSON.stringify` of its answer (ADR 053): parsed, the same.
    return (this.#answer ??= this.made.then((made) =>
      'answer' in made ? made.answer : JSON.parse(made.http.body.toString()),
    ));
  }

  http(toHttp: (answer: unknown) => HttpAnswer): Promise<HttpAnswer> {
    return (this.#http ??= this.made.then((made) =>
      'http' in made ? made.http : toHttp(made.answer),
    ));
  }
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a public answer: Cache-Control and its ETag, a 304 when the client has it. */
function send(request: FastifyRequest, reply: FastifyReply, answer: HttpAnswer, hit: boolean) {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', answer.etag);
  if (notModified(request, answer.etag)) return reply.code(304).send();
  reply.header('content-type', answer.contentType);
  if (hit) reply.header('x-cache', 'hit');
  return reply.send(answer.body);
}

/** A client that asks for no stored answer (a hard reload; the API tests after a write). */
const wantsFresh = (request: FastifyRequest) =>
  /\bno-cache\b/.test(request.headers['cache-control'] ?? '');

/**
 * The kept answers: at most `maxEntries` and `maxBytes` of JSON (API_CACHE_MAX_MB), the least
 * recently used going first, and those past `ttlMs` dropped every `ttlMs` even when nobody asks
 * again, so that memory a burst filled comes back when it is over (issue 36, ADR 063).
 */
export function createReadCache(options: { ttlMs: number; maxEntries: number; maxBytes: number }) {
  const enabled = options.ttlMs > 0 && options.maxBytes > 0 && options.maxEntries > 0;
  // Each entry in a box of its own: a new box when its size is known, as lru-cache counts the
  // size of a value again only when a different value is set. Beside them, an /api URL asked
  // before names its read's key (`{ read }`): its next call is answered before its input is
  // checked again, as a URL cache did (without it a search hit cost about a fifth more CPU).
  const entries = new LRUCache<string, { entry: Entry } | { read: string }>({
    max: Math.max(1, options.maxEntries),
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (box, key) =>
      ('entry' in box ? box.entry.size : box.read.length) + key.length + ENTRY_OVERHEAD_BYTES,
    ttl: Math.max(1, options.ttlMs),
  });
  const sweeper = enabled
    ? setInterval(() => entries.purgeStale(), Math.max(1_000, options.ttlMs)).unref()
    : null;

  // An entry is kept from the moment its work begins (a burst joins it) and clear() drops it:
  // an answer begun before a write (on a read replica that had not replayed it, or on the
  // primary just before it) is never kept after it, and nobody after the write joins it (ADR
  // 040). Whatever settles later touches the cache only if its entry is still the one kept.
  const kept = (key: string) => {
    const box = entries.get(key);
    return box && 'entry' in box ? box.entry : undefined;
  };
  const isKept = (key: string, entry: Entry) => {
    const box = entries.peek(key);
    return box !== undefined && 'entry' in box && box.entry === entry;
  };
  const urlKey = (request: FastifyRequest) => `url ${request.url}`;
  const resize = (key: string, entry: Entry, size: number) => {
    entry.size = size;
    if (isKept(key, entry)) entries.set(key, { entry }, { noUpdateTTL: true });
  };
  const forget = (key: string, entry: Entry) => {
    if (isKept(key, entry)) entries.delete(key);
  };

  /** Keeps the work begun for `key`; a failure is not kept. */
  function keep(key: string, made: Promise<Made>, measure: boolean): Entry {
    const entry = new Entry(made);
    if (!enabled) return entry;
    entries.set(key, { entry });
    made.then(
      (settled) => {
        if (!measure || entry.size > 0) return;
        resize(
          key,
          entry,
          'answer' in settled
            ? JSON.stringify(settled.answer).length
            : Buffer.byteLength(settled.http.body),
        );
      },
      () => forget(key, entry),
    );
    return entry;
  }

  /** The /api form of `entry`, made once; counted by its bytes. */
  function httpOf(key: string, entry: Entry, toHttp: (answer: unknown) => HttpAnswer) {
    const made = entry.http(toHttp);
    if (!entry.sent)
      made.then(
        (answer) => {
          if (entry.sent) return;
          entry.sent = answer;
          resize(key, entry, Buffer.byteLength(answer.body));
        },
        () => forget(key, entry),
      );
    return made;
  }

  return {
    enabled,

    /**
     * The answer of the read `key` for a page render: kept, or being made for another request,
     * or `work`'s, kept from now on.
     */
    async answer(key: string, work: () => Promise<unknown>): Promise<unknown> {
      const found = enabled ? kept(key) : undefined;
      if (found) {
        try {
          return await found.answer();
        } catch {
          // The first asker's failure may be its own (its turn in a queue, its connection
          // gone): this one asks for itself.
        }
      }
      return keep(
        key,
        work().then((answer) => ({ answer })),
        true,
      ).answer();
    },

    /**
     * Answers an /api GET of the read `key`: its kept bytes (x-cache: hit), or the kept answer
     * serialised by the route (a page render's, or another request's in flight), or `work`'s,
     * kept from now on. `work` gives the read's answer, or bytes the route made itself (the
     * search thread's, tagged on `reply`). Always with Cache-Control, ETag and 304s.
     */
    async respond(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      work: () => Promise<unknown>,
    ): Promise<FastifyReply> {
      const fresh = wantsFresh(request);
      if (enabled) entries.set(urlKey(request), { read: key });
      const found = enabled && !fresh ? kept(key) : undefined;
      if (found?.sent) return send(request, reply, found.sent, true);
      // The route's own serialiser (its response schema): the bytes Fastify would send.
      const toHttp = (answer: unknown): HttpAnswer => {
        const body = reply.serialize(answer) as string;
        return { body, etag: etagOf(body), contentType: JSON_TYPE };
      };
      if (found) {
        try {
          return send(request, reply, await httpOf(key, found, toHttp), true);
        } catch {
          // as in answer(): this one asks for itself
        }
      }
      const made = work().then((result): Made => {
        if (typeof result !== 'string' && !Buffer.isBuffer(result)) return { answer: result };
        const tagged = reply.getHeader('etag');
        return {
          http: {
            body: result,
            etag: typeof tagged === 'string' ? tagged : etagOf(result),
            contentType: String(reply.getHeader('content-type') ?? JSON_TYPE),
          },
        };
      });
      return send(request, reply, await httpOf(key, keep(key, made, false), toHttp), false);
    },

    /**
     * Sends the kept answer of an /api URL asked before, before its input is checked again
     * (the route's preValidation). False when there is none: the route goes on to `respond`.
     */
    sendKept(request: FastifyRequest, reply: FastifyReply): boolean {
      if (!enabled || wantsFresh(request)) return false;
      const box = entries.get(urlKey(request));
      const sent = box && 'read' in box ? kept(box.read)?.sent : undefined;
      if (!sent) return false;
      void send(request, reply, sent, true);
      return true;
    },

    /** Forgets every answer (public data changed: server/app.ts `forgetPublicAnswers`). */
    clear: () => entries.clear(),

    get size() {
      return entries.size;
    },
    /** The bytes its entries count for (their JSON, keys and overhead). */
    get bytes() {
      return entries.calculatedSize;
    },
    close: () => {
      if (sweeper) clearInterval(sweeper);
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
