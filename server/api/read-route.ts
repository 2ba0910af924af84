import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import type { ZodType, z } from 'zod';
import { LRUCache } from 'lru-cache';
import {
  queryInUrl,
  READ_URLS,
  type ReadArgs,
  type ReadName,
  type Reads,
  type ReadTypes,
} from '../../contract/endpoints';
import { storageFaultOf } from '../../db/storage-faults';
import { sessionToken } from '../auth/sessions';
import { HttpError } from '../http-errors';

/** What a read handler gets: its checked input, the HTTP exchange it serves, a request memo. */
export interface ReadCall<Params, Query> {
  params: Params;
  query: Query;
  /** The request being answered: an /api call, or the page whose render made this read. */
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Whether this call answers the endpoint's own HTTP request (false: a page render's read, whose
   * answer is used in process and never serialised).
   */
  http: boolean;
  /**
   * Work shared by every read of one request (a page makes several): `memo(key, work)` runs
   * `work` once per key and request. A place page asks whether its place exists once.
   */
  memo<T>(key: string, work: () => Promise<T>): Promise<T>;
}

type Schema<S> = S extends ZodType ? z.output<S> : Record<string, never>;

interface ReadOptions<P, Q> {
  config?: { publicCache?: boolean };
  schema: Omit<FastifySchema, 'params' | 'querystring'> & {
    params?: P;
    querystring?: Q;
    tags: string[];
    summary: string;
  };
}

interface Registered {
  params?: ZodType;
  query?: ZodType;
  /** The same answer for everyone (public GET): page renders share it for a few seconds. */
  shared: boolean;
  handler: (call: ReadCall<unknown, unknown>) => Promise<unknown>;
}

/** What the reads of one page render did (server/web.ts keeps the page for others only if not). */
export interface PageReadsOutcome {
  /** A read answered for this visitor alone (not a public read). */
  personal: boolean;
}

/**
 * What a page's read throws when it could not be answered (a fault, or a database that cannot
 * serve it): a 503 the root's error boundary shows as spec §8's fallback with its Retry. A page
 * never shows "not found" for what it merely failed to read (ADR 031), nor a page of nothing
 * (ADR 026). React Router takes a thrown Response as the page's answer.
 */
export const readUnavailable = () =>
  new Response('The page data could not be read', {
    status: 503,
    statusText: 'Service Unavailable',
  });

const memos = new WeakMap<FastifyRequest, Map<string, Promise<unknown>>>();

/** The request memo of ReadCall (exported for its test). */
export function memoFor(request: FastifyRequest): ReadCall<unknown, unknown>['memo'] {
  return <T>(key: string, work: () => Promise<T>) => {
    let memo = memos.get(request);
    if (!memo) memos.set(request, (memo = new Map()));
    let pending = memo.get(key) as Promise<T> | undefined;
    if (!pending) {
      const started = work();
      memo.set(key, (pending = started));
      // A failure is not kept: a read asked again (on the primary, after the read replica did
      // not answer: ADR 040) asks again, instead of getting the same failure.
      started.catch(() => {
        if (memo?.get(key) === started) memo.delete(key);
      });
    }
    return pending;
  };
}

/** Path parameters and query as HTTP would carry them: every value a string. */
function asStrings(values: object | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {}))
    if (value !== undefined && value !== null) result[key] = String(value);
  return result;
}

/**
 * The reads of spec §7 by name (contract/endpoints.ts): each registered once with its URL,
 * schemas and handler. Fastify serves it at its URL; a server render calls the same handler in
 * process through `pageReads` — the same checks, no HTTP and no JSON in between.
 */
export function createReadRegistry(options: {
  sharedTtlMs: number;
  sharedMaxEntries: number;
  /** TEST_HOOKS: a page asked with `?__throw=read` has every read fail, as a server fault would. */
  testHooks?: boolean;
  /** Runs a public read on the read replica, when there is one (DatabaseHandle, ADR 040). */
  fromReadReplica?: <T>(read: () => Promise<T>) => Promise<T>;
}) {
  const { fromReadReplica } = options;
  /**
   * A public read for a visitor without a session may come from the read replica; one with a
   * session is answered by the primary, so whoever just saved sees what they saved (ADR 040).
   */
  const answer = (entry: Registered, request: FastifyRequest, run: () => Promise<unknown>) =>
    entry.shared && fromReadReplica && sessionToken(request) === null
      ? fromReadReplica(run)
      : run();
  const handlers = new Map<ReadName, Registered>();
  // Answers of public reads, as the /api response cache keeps them for HTTP (ADR 008): every
  // page asks for the trending places, and a burst of one page asks for the same things. Those
  // past their time are dropped every sharedTtlMs, asked for again or not (ADR 063).
  const shared = new LRUCache<string, { answer: Promise<unknown> }>({
    max: options.sharedMaxEntries,
    ttl: Math.max(1, options.sharedTtlMs),
  });
  const sweeper =
    options.sharedTtlMs > 0
      ? setInterval(() => shared.purgeStale(), Math.max(1_000, options.sharedTtlMs)).unref()
      : undefined;
  const sharedAnswer = (key: string, work: () => Promise<unknown>) => {
    const entry = shared.get(key);
    if (entry) return entry.answer;
    // Public reads set no header or cookie: the first request's exchange serves them all.
    const answer = work();
    shared.set(key, { answer });
    // a failed read is not kept
    answer.catch(() => {
      if (shared.get(key)?.answer === answer) shared.delete(key);
    });
    return answer;
  };

  function register<
    Name extends ReadName,
    P extends ZodType | undefined,
    Q extends ZodType | undefined,
  >(
    app: FastifyInstance,
    name: Name,
    options: ReadOptions<P, Q>,
    handler: (call: ReadCall<Schema<P>, Schema<Q>>) => Promise<ReadTypes[Name]['answer']>,
  ) {
    if (handlers.has(name)) throw new Error(`The read ${name} is registered twice`);
    const entry: Registered = {
      shared: options.config?.publicCache === true,
      params: options.schema.params,
      query: options.schema.querystring,
      handler: handler as Registered['handler'],
    };
    handlers.set(name, entry);
    // Mounted under /api (server/app.ts).
    app.get(READ_URLS[name].replace(/^\/api/, ''), options, (request, reply) =>
      answer(entry, request, () =>
        entry.handler({
          params: request.params,
          query: request.query,
          request,
          reply,
          http: true,
          memo: memoFor(request),
        }),
      ),
    );
  }

  /**
   * The reads of one page render: each checks its input with the endpoint's schemas, runs its
   * handler for this page's request (the visitor's cookies; cookies a read sets go out with the
   * page), answers null when refused (its input, or its thing is not there) and throws
   * `readUnavailable()` when it failed.
   */
  function pageReads(
    request: FastifyRequest,
    reply: FastifyReply,
    log: FastifyBaseLogger,
    /** What this render's reads did: a page is kept for others only if `personal` stays false. */
    outcome: PageReadsOutcome = { personal: false },
  ): Reads {
    const memo = memoFor(request);
    const failOnPurpose =
      options.testHooks === true &&
      new URLSearchParams(request.url.split('?')[1] ?? '').get('__throw') === 'read';
    const call = async (name: ReadName, params?: object, query?: object) => {
      const entry = handlers.get(name);
      if (!entry) throw new Error(`No handler is registered for the read ${name}`);
      const checkedParams = entry.params?.safeParse(asStrings(params)) ?? { success: true };
      // A loader passes a typed query (ReadQuery): checked as its URL would carry it.
      const checkedQuery = entry.query?.safeParse(asStrings(query && queryInUrl(query))) ?? {
        success: true,
      };
      // A read that is not the same for everyone (the session user, an owner's dashboard)
      // makes the page this visitor's own.
      if (!entry.shared) outcome.personal = true;
      if (!checkedParams.success || !checkedQuery.success) {
        // Which names were bad, not their values: a search term may hold anything.
        const fields = [checkedParams, checkedQuery].flatMap((checked) =>
          checked.success ? [] : checked.error.issues.map((issue) => issue.path.join('.')),
        );
        log.debug({ read: name, fields }, 'read refused: bad input');
        return null;
      }
      const run = () =>
        failOnPurpose
          ? Promise.reject(new Error(`Test hook: the read ${name} failed`))
          : answer(entry, request, () =>
              entry.handler({
                params: 'data' in checkedParams ? checkedParams.data : {},
                query: 'data' in checkedQuery ? checkedQuery.data : {},
                request,
                reply,
                http: false,
                memo,
              }),
            );
      try {
        return await (entry.shared && options.sharedTtlMs > 0 && !failOnPurpose
          ? sharedAnswer(
              JSON.stringify([name, asStrings(params), asStrings(query && queryInUrl(query))]),
              run,
            )
          : run());
      } catch (error) {
        const fault = storageFaultOf(error);
        if (error instanceof HttpError && error.statusCode < 500) {
          log.debug({ read: name, status: error.statusCode }, 'read refused');
        } else if (fault) {
          // Every read of every page fails alike while it lasts: the outage is logged once when
          // it starts and once when it ends (server/health.ts), each read only at debug level.
          log.debug(
            { read: name, fault },
            'read failed during a page render: the database cannot serve it',
          );
          throw readUnavailable();
        } else {
          log.error({ err: error, read: name }, 'read failed during a page render');
          throw readUnavailable();
        }
        return null;
      }
    };
    const reads = {} as Record<ReadName, (...args: unknown[]) => Promise<unknown>>;
    for (const name of Object.keys(READ_URLS) as ReadName[])
      reads[name] = (params?: unknown, query?: unknown) =>
        call(name, params as object | undefined, query as object | undefined);
    return reads as unknown as Reads;
  }

  /** Every read the contract declares has its handler (checked once the API is mounted). */
  function assertComplete() {
    const missing = (Object.keys(READ_URLS) as ReadName[]).filter((name) => !handlers.has(name));
    if (missing.length) throw new Error(`Reads without a handler: ${missing.join(', ')}`);
  }

  /** Forgets the shared answers (public data changed). */
  const clearShared = () => shared.clear();

  /** Stops the sweep (the app closes). */
  const close = () => clearInterval(sweeper);

  return { register, pageReads, assertComplete, clearShared, close };
}

export type ReadRegistry = ReturnType<typeof createReadRegistry>;
export type { ReadArgs };
