import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodType } from 'zod';
import {
  READ_URLS,
  type ReadAnswer,
  type ReadName,
  type ReadParams,
  type ReadQuery,
  type Reads,
  type ReadTypes,
} from '../../contract/endpoints';
import { storageFaultOf } from '../../db/storage-faults';
import { sessionToken } from '../auth/sessions';
import { siteCookiesOf, type SiteCookies } from '../cookies';
import { HttpError } from '../http-errors';
import { clientKey } from '../rate-limits';
import type { ReadCache } from '../read-cache';

/**
 * Work shared by every read of one request (a page makes several): `memo(key, work)` runs
 * `work` once per key and request. It shares what the read cache (public whole reads) cannot:
 * what different reads look up alike (a place page's reads ask whether the place exists once, a
 * city page's reads find the city its slug named once), and a personal read two loaders of one
 * render ask (the session user: the root's and the business dashboard's). ADR 071.
 */
export type Memo = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/**
 * What a read function may know of the request it answers — an /api call, or the page whose
 * render made the read — and nothing else of HTTP. Built once per request (`readScope`).
 */
export interface ReadScope {
  /** The session token the request carries: the session cookie, else the Auth-Token header. */
  sessionToken: string | null;
  /**
   * The site's cookies: read from the request, set on its answer. A cookie a read sets (a stale
   * session cleared) goes out with the /api response, or with the page being rendered.
   */
  cookies: SiteCookies;
  memo: Memo;
  log: FastifyBaseLogger;
  /** Who asks, to take turns with other clients (server/rate-limits.ts `clientKey`). */
  client(): string;
  /** Whether the asker has gone (its connection closed): work it would wait for is dropped. */
  gone(): boolean;
  /**
   * A page render's read: the page's other reads run beside it, so one statement may answer
   * them all (the city page's strips). False for an /api call, which answers one read.
   */
  pageRender: boolean;
}

/** A read's input, already checked: by its route's zod schemas, or by the loader's types. */
export interface ReadInput<Name extends ReadName> {
  params: ReadParams<Name>;
  query: ReadQuery<Name>;
}

/**
 * A read of spec §7 as a plain function: typed input and a scope in, its answer out. It refuses
 * with an HttpError (not found: 404, not yours: 403); any other error is a failure.
 */
export type ReadFunction<Name extends ReadName> = (
  input: ReadInput<Name>,
  scope: ReadScope,
) => Promise<ReadAnswer<Name>>;

/**
 * What a read's route does around its read function for an /api call (the default: call it):
 * set headers, or answer in a form of its own (the search thread's JSON bytes).
 */
export type ServeRead<Name extends ReadName> = (
  call: ReadInput<Name> & {
    scope: ReadScope;
    request: FastifyRequest;
    reply: FastifyReply;
    read: () => Promise<ReadAnswer<Name>>;
  },
) => Promise<ReadAnswer<Name>>;

/** An answer for its asker alone (the session's): no cache on the way may keep it. */
export const privateAnswer = <Answer>({
  reply,
  read,
}: {
  reply: FastifyReply;
  read: () => Promise<Answer>;
}): Promise<Answer> => {
  reply.header('cache-control', 'private, no-store');
  return read();
};

type None = Record<string, never>;

/**
 * A read's route options. Its query schema is the very schema `ReadTypes` names, its params
 * schema one whose output is the read's params: what the route checks is what the read function
 * takes (a read without params or query gets `{}`).
 */
interface ReadRouteOptions<Name extends ReadName> {
  config?: { publicCache?: boolean };
  schema: Omit<FastifySchema, 'params' | 'querystring'> & {
    tags: string[];
    summary: string;
  } & (ReadParams<Name> extends None
      ? { params?: undefined }
      : { params: ZodType<ReadParams<Name>> }) &
    (ReadTypes[Name]['query'] extends ZodType
      ? { querystring: ReadTypes[Name]['query'] }
      : { querystring?: undefined });
}

interface Registered {
  /** The same answer for everyone (public GET): kept in the read cache for a few seconds. */
  shared: boolean;
  read: (input: { params: object; query: object }, scope: ReadScope) => Promise<unknown>;
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

/** The request memo of ReadScope (exported for its test). */
export function memoFor(request: FastifyRequest): Memo {
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

/** The scope of the reads that answer `request` (its /api call, or its page's render). */
function readScope(
  request: FastifyRequest,
  reply: FastifyReply,
  pageRender: boolean,
  log: FastifyBaseLogger = request.log,
): ReadScope {
  return {
    sessionToken: sessionToken(request),
    cookies: siteCookiesOf(request, reply),
    memo: memoFor(request),
    log,
    client: () => clientKey(request),
    gone: () => request.raw.socket?.destroyed === true,
    pageRender,
  };
}

/** The same text for the same values, whatever order a caller wrote their keys in. */
const inOrder = (values: object | undefined) =>
  Object.entries(values ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * A read's key in the read cache: its name, params and query, whoever asks (/api or a page). An
 * /api call's query has the schema's defaults filled in; a loader that leaves one out has a key
 * of its own, as correct, only not shared.
 */
const readKey = (name: ReadName, input: { params?: object; query?: object }) =>
  JSON.stringify([name, inOrder(input.params), inOrder(input.query)]);

/**
 * The reads of spec §7 by name (contract/endpoints.ts): each registered once with its read
 * function and its route. Fastify serves the route at its URL, checking the input with its zod
 * schemas once, and calls the read function; a server render calls the read function in
 * process through `pageReads`, with the loader's typed input as it is — no HTTP, no second
 * check, no JSON in between.
 */
export function createReadRegistry(options: {
  /** The one read cache: public answers for /api calls and page renders alike (ADR 071). */
  cache: ReadCache;
  /** TEST_HOOKS: a page asked with `?__throw=read` has every read fail, as a server fault would. */
  testHooks?: boolean;
  /** Runs a public read on the read replica, when there is one (DatabaseHandle, ADR 040). */
  fromReadReplica?: <T>(read: () => Promise<T>) => Promise<T>;
}) {
  const { cache, fromReadReplica } = options;
  /**
   * A public read for a visitor without a session may come from the read replica; one with a
   * session is answered by the primary, so whoever just saved sees what they saved (ADR 040).
   */
  const answer = <T>(entry: Registered, scope: ReadScope, run: () => Promise<T>) =>
    entry.shared && fromReadReplica && scope.sessionToken === null ? fromReadReplica(run) : run();
  const entries = new Map<ReadName, Registered>();

  /**
   * Registers the read `name`: its read function, and its route at its URL (under /api), whose
   * schemas check the input once before `serve` (by default: the read function) answers.
   */
  function register<Name extends ReadName>(
    app: FastifyInstance,
    name: Name,
    routeOptions: ReadRouteOptions<Name>,
    read: ReadFunction<Name>,
    serve?: ServeRead<Name>,
  ) {
    if (entries.has(name)) throw new Error(`The read ${name} is registered twice`);
    const entry: Registered = {
      shared: routeOptions.config?.publicCache === true,
      read: read as Registered['read'],
    };
    entries.set(name, entry);
    // Mounted under /api (server/app.ts). A public read's URL asked before is answered from the
    // read cache before its input is checked (after every onRequest hook, the rate limits'
    // included: a kept answer is still a read its client spends).
    const route: RouteShorthandOptions = entry.shared
      ? {
          ...(routeOptions as RouteShorthandOptions),
          preValidation: (request, reply, done) => {
            if (!cache.sendKept(request, reply)) done();
          },
        }
      : (routeOptions as RouteShorthandOptions);
    app.get(READ_URLS[name].replace(/^\/api/, ''), route, (request, reply) => {
      const scope = readScope(request, reply, false);
      const input = { params: request.params, query: request.query } as ReadInput<Name>;
      const run = () =>
        answer(entry, scope, () =>
          serve
            ? serve({ ...input, scope, request, reply, read: () => read(input, scope) })
            : read(input, scope),
        );
      // A public GET: from the read cache, with Cache-Control, ETag and 304s. Public reads set
      // no cookie: the scope of whoever asked first serves everyone who joins its entry.
      if (!entry.shared) return run();
      const key = readKey(name, {
        params: request.params as object,
        query: request.query as object,
      });
      return cache.respond(request, reply, key, run);
    });
  }

  /**
   * The reads of one page render: each calls its read function with the loader's input for this
   * page's request (the visitor's session; cookies a read sets go out with the page), answers
   * null when refused (its thing is not there, not this visitor's) and throws
   * `readUnavailable()` when it failed.
   */
  function pageReads(
    request: FastifyRequest,
    reply: FastifyReply,
    log: FastifyBaseLogger,
    /** What this render's reads did: a page is kept for others only if `personal` stays false. */
    outcome: PageReadsOutcome = { personal: false },
  ): Reads {
    const scope = readScope(request, reply, true, log);
    const failOnPurpose =
      options.testHooks === true &&
      new URLSearchParams(request.url.split('?')[1] ?? '').get('__throw') === 'read';
    const call = async (name: ReadName, params: object = {}, query: object = {}) => {
      const entry = entries.get(name);
      if (!entry) throw new Error(`No read function is registered for the read ${name}`);
      // A read that is not the same for everyone (the session user, an owner's dashboard)
      // makes the page this visitor's own.
      if (!entry.shared) outcome.personal = true;
      const run = () =>
        failOnPurpose
          ? Promise.reject(new Error(`Test hook: the read ${name} failed`))
          : answer(entry, scope, () => entry.read({ params, query }, scope));
      const key = readKey(name, { params, query });
      try {
        // A public read from the read cache; a personal one once per render however many
        // loaders ask it (the root's and the business dashboard's both read the session user).
        return await (entry.shared && !failOnPurpose
          ? cache.answer(key, run)
          : scope.memo(`read ${key}`, run));
      } catch (error) {
        const fault = storageFaultOf(error);
        // A refusal to answer now (a timeout, a search queue's "too many" or "superseded") is a
        // failure, not an answer about the thing: the page must not say "not found" (ADR 031).
        if (
          error instanceof HttpError &&
          error.statusCode < 500 &&
          error.statusCode !== 408 &&
          error.statusCode !== 429
        ) {
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
    const reads = {} as Record<ReadName, (params?: object, query?: object) => Promise<unknown>>;
    for (const name of Object.keys(READ_URLS) as ReadName[])
      reads[name] = (params, query) => call(name, params, query);
    return reads as Reads;
  }

  /** Every read the contract declares has its read function (checked once the API is mounted). */
  function assertComplete() {
    const missing = (Object.keys(READ_URLS) as ReadName[]).filter((name) => !entries.has(name));
    if (missing.length) throw new Error(`Reads without a read function: ${missing.join(', ')}`);
  }

  return { register, pageReads, assertComplete };
}

export type ReadRegistry = ReturnType<typeof createReadRegistry>;
