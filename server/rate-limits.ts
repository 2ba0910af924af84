import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { rateLimitWindows } from '../db/schema';
import { READ_URLS } from '../contract/endpoints';
import type { Config } from './config';
import { HttpError } from './http-errors';

/**
 * What a request spends (docs/decisions/027-rate-limits.md): every client has one budget per
 * kind a minute, shared by every route of that kind.
 */
export type Budget = 'read' | 'search' | 'write' | 'signIn';

const SEARCH_URL = READ_URLS.search;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paths whose GETs cost a server something: the API, pages, sign-in, the bundled provider. */
const READ_PREFIXES = ['/api/', '/auth/', '/idp/'];

/**
 * The budget a route spends, decided from its method and URL pattern once, when it is
 * registered. Health checks and files (the client build, media) spend none: a CDN serves those
 * in front of the product, and a page's own files must not use up its visitor's reads.
 */
export function budgetOf(method: string, url: string): Budget | null {
  if (!SAFE_METHODS.has(method)) return 'write';
  if (method === 'OPTIONS') return null;
  if (url === SEARCH_URL) return 'search';
  if (url === '/auth/:provider/start') return 'signIn';
  // '/*' is the web app's page route (server/web.ts).
  if (url === '/*' || READ_PREFIXES.some((prefix) => url.startsWith(prefix))) return 'read';
  if (url === '/robots.txt' || url.startsWith('/sitemap')) return 'read';
  return null;
}

/**
 * The client a request counts against: its address, the proxies in front of the product taken
 * off (TRUST_PROXY_HOPS), an IPv6 address by its /64 as @fastify/rate-limit does. A request
 * whose connection is already gone (a body that broke off half-way) has none, and must not fail
 * for it.
 */
export const clientKey = (request: FastifyRequest) =>
  (request.ip as string | undefined) === undefined ? 'gone' : normalizeIP(request.ip);

interface Window {
  current: number;
  startedMs: number;
}

/**
 * One in-process store for every budget (the rate-limit plugin's store interface), so a
 * client's writes to any route draw from one count. At most `maxClients` budgets are kept: the
 * least recently seen goes first. A budget whose minute is over is dropped when it is next
 * asked for, or by the sweep every `sweepMs`, so what a flood of clients filled comes back
 * when it is over (ADR 063). @fastify/rate-limit's own local store gives every route a store of
 * its own, which is what made the write limit per route.
 */
export class ClientBudgets {
  private readonly windows: LRUCache<string, Window>;
  private readonly sweeper: NodeJS.Timeout;

  constructor(maxClients = 100_000, sweepMs = 60_000) {
    this.windows = new LRUCache({ max: maxClients });
    this.sweeper = setInterval(() => this.windows.purgeStale(), sweepMs).unref();
  }

  get size() {
    return this.windows.size;
  }

  incr(
    key: string,
    done: (error: Error | null, result: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startedMs + timeWindow <= now) window = { current: 0, startedMs: now };
    window.current += 1;
    const ttl = window.startedMs + timeWindow - now;
    this.windows.set(key, window, { ttl: Math.max(1, ttl) });
    done(null, { current: window.current, ttl });
  }

  /** Every route shares the one store (the key carries the budget's name). */
  child() {
    return this;
  }

  close() {
    clearInterval(this.sweeper);
  }
}

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Every budget in the database (RATE_LIMIT_STORE=database, docs/decisions/039-replicas.md), so
 * replicas behind one load balancer draw from one count per client: a request is one atomic
 * upsert that starts a new window when the last one is over. Windows long over are deleted
 * once a minute by each process.
 */
export class DatabaseBudgets {
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly db: Database) {
    this.sweeper = setInterval(() => {
      void db
        .delete(rateLimitWindows)
        .where(lt(rateLimitWindows.endsAt, sql`now() - interval '1 minute'`))
        .catch(() => {});
    }, 60_000);
    this.sweeper.unref();
  }

  incr(key: string, done: Done, timeWindow: number) {
    this.db
      .execute(
        sql`insert into rate_limit_windows as w (key, hits, ends_at)
          values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when w.ends_at <= now() then 1 else w.hits + 1 end,
            ends_at = case when w.ends_at <= now() then excluded.ends_at else w.ends_at end
          returning hits, greatest(0, ceil(extract(epoch from ends_at - now()) * 1000))::int as ttl`,
      )
      .then(
        (result) => {
          // node-postgres and PGlite both answer with `rows`.
          const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0]!;
          done(null, { current: Number(row.hits), ttl: Number(row.ttl) });
        },
        (error: unknown) => done(error as Error),
      );
  }

  child() {
    return this;
  }

  close() {
    clearInterval(this.sweeper);
  }
}

/**
 * Registers the limits: each route spends the budget `budgetOf` gives it, and a client past a
 * budget gets 429 `rate_limited` with Retry-After until its minute is over.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  db: Database | null = null,
) {
  const perMinute: Record<Budget, number> = {
    read: config.rateLimits.readsPerMinute,
    search: config.rateLimits.searchesPerMinute,
    write: config.rateLimits.writesPerMinute,
    signIn: config.rateLimits.signInsPerMinute,
  };
  if (config.rateLimitStore === 'database' && !db)
    throw new Error('RATE_LIMIT_STORE=database needs the database');
  const store =
    config.rateLimitStore === 'database' ? new DatabaseBudgets(db!) : new ClientBudgets();
  app.addHook('onClose', async () => store.close());
  // Before the plugin's own onRoute hook, which reads the route's config.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config && 'rateLimit' in route.config) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const budgets = new Set(
      methods.map((method) => budgetOf(method, route.url)).filter((budget) => budget !== null),
    );
    // A route's limit is one for all its methods: reads and writes are registered apart.
    if (budgets.size > 1)
      throw new Error(
        `${methods.join(', ')} ${route.url} mixes budgets (${[...budgets].join(', ')}): register its reads and writes as separate routes`,
      );
    const [budget] = budgets;
    if (!budget) return;
    route.config = {
      ...route.config,
      rateLimit: { max: perMinute[budget], timeWindow: 60_000, groupId: budget },
    };
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // The plugin makes its store with `new Store(options)`: a constructor that hands over ours.
    store: function sharedBudgets() {
      return store;
    } as never,
    keyGenerator: clientKey,
    // A database that does not answer lets the request through uncounted: what needs the
    // database then fails on its own, and a cached page or answer is still served.
    skipOnError: store instanceof DatabaseBudgets,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many requests. Please wait ${context.after} and try again.`,
      ),
  });
}
