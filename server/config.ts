import { resolve } from 'node:path';
import { z } from 'zod';
import { projectRoot } from '../db/project-root';
import { isLoopbackAddress } from './loopback';

const hostList = z.string().transform((v) =>
  v
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
);

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be above 0`);

const timeoutMs = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of milliseconds` })
    .int(`${name} must be a whole number of milliseconds`)
    .min(100, `${name} must be at least 100 (ms)`)
    .max(600_000, `${name} must be at most 600000 (10 minutes)`);

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');
const url = (name: string) => z.string().url(`${name} must be a URL`);
/** An http(s) origin, a trailing slash allowed: nothing after it would survive in the URLs built on it. */
const origin = (name: string) =>
  z.string().refine((value) => {
    if (!URL.canParse(value)) return false;
    const { protocol, pathname, search, hash, username } = new URL(value);
    return /^https?:$/.test(protocol) && pathname === '/' && !search && !hash && !username;
  }, `${name} must be an origin like https://spotreel.app (http or https, no path)`);
/** A development convenience (docs/decisions/022-production-conveniences.md): auto = on outside production. */
const convenience = z.enum(['auto', 'on', 'off']).default('auto');
const isoDate = (name: string) =>
  z
    .string()
    .refine(
      (value) => !Number.isNaN(Date.parse(value)),
      `${name} must be a date like 2026-11-01T00:00:00-05:00`,
    );

/**
 * The budgets of a server whose one client makes every request (the test and benchmark servers,
 * run on one machine): lifted, by name, so what is tested or measured is not the limit
 * (docs/decisions/027-rate-limits.md). scripts/e2e-server.mjs, plain JavaScript, names them too.
 */
export const ONE_CLIENT_RATE_LIMITS = {
  RATE_LIMIT_READS_PER_MINUTE: '100000000',
  RATE_LIMIT_SEARCHES_PER_MINUTE: '100000000',
  RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
  RATE_LIMIT_SIGN_INS_PER_MINUTE: '100000000',
} as const;

/** Every setting comes from the environment and is checked at boot (docs/decisions/001-stack.md). */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int()
      .min(0)
      .max(65535, 'PORT must be at most 65535')
      .default(3000),
    /** Unset: every interface in production, this machine only otherwise (ADR 066). */
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_READ_URL: z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        'DATABASE_READ_URL must start with postgres:// or postgresql://',
      )
      .optional()
      .describe('A streaming replica of DATABASE_URL for anonymous public reads (ADR 040)'),
    DATABASE_READ_CATCH_UP_MS: z.coerce
      .number({ error: 'DATABASE_READ_CATCH_UP_MS must be a number' })
      .int()
      .min(0)
      .max(60_000)
      .default(2_000)
      .describe('After a write of this process, public reads stay on the primary this long'),
    DATABASE_POOL_SIZE: positiveInt('DATABASE_POOL_SIZE').default(10),
    /**
     * A file that gets each distinct SQL text sent to PostgreSQL, with its first parameters, as
     * JSON lines: the input of the plan check (docs/decisions/041-query-plans.md). Tests and CI
     * only; unset, nothing is captured.
     */
    QUERY_CAPTURE_FILE: z
      .string()
      .min(1, 'QUERY_CAPTURE_FILE must be a file path')
      .regex(/\.jsonl$/, 'QUERY_CAPTURE_FILE must name a .jsonl file')
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    MEDIA_BASE_URL: z.string().url('MEDIA_BASE_URL must be a URL').optional(),
    SEED_SCALE: z.coerce
      .number({ error: 'SEED_SCALE must be a number' })
      .positive('SEED_SCALE must be above 0')
      .max(1000, 'SEED_SCALE must be at most 1000')
      .default(1),
    SEED: z.enum(['auto', 'never']).default('auto'),
    /** Public read answers are kept this long in the read cache (ADR 071); 0 turns it off. */
    API_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    API_CACHE_MAX_ENTRIES: positiveInt('API_CACHE_MAX_ENTRIES').default(5_000),
    /** …and at most this many megabytes of them (ADR 063); 0 turns the copy off. */
    API_CACHE_MAX_MB: z.coerce.number().int().min(0).max(16_384).default(32),
    /**
     * The in-process search index (ADR 035): 'on' builds it after boot (SQL answers until it is
     * ready); 'off' answers every search with SQL. SEARCH_SYNC_MS: how often it looks for places
     * and people another replica changed.
     */
    SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
    SEARCH_SYNC_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(0).max(16_384).default(64),
    /** Each client's budgets a minute (docs/decisions/027-rate-limits.md). */
    RATE_LIMIT_READS_PER_MINUTE: positiveInt('RATE_LIMIT_READS_PER_MINUTE').default(1200),
    RATE_LIMIT_SEARCHES_PER_MINUTE: positiveInt('RATE_LIMIT_SEARCHES_PER_MINUTE').default(300),
    RATE_LIMIT_WRITES_PER_MINUTE: positiveInt('RATE_LIMIT_WRITES_PER_MINUTE').default(240),
    RATE_LIMIT_SIGN_INS_PER_MINUTE: positiveInt('RATE_LIMIT_SIGN_INS_PER_MINUTE').default(30),
    /**
     * Where the budgets are counted (docs/decisions/058-shared-budgets-by-default.md): `memory`,
     * each process its own (no database round trip a request), or `database`, one budget per
     * client across every replica on the same PostgreSQL (one upsert a request). Unset, it is
     * `database` on a PostgreSQL server (DATABASE_URL), where replicas may share the database,
     * and `memory` on the embedded one, which only one process opens.
     */
    RATE_LIMIT_STORE: z.enum(['memory', 'database']).optional(),
    /** A replica's name, sent as the `x-replica` header of every response (none unless set). */
    REPLICA_NAME: z
      .string()
      .regex(
        /^[A-Za-z0-9._-]{1,64}$/,
        'REPLICA_NAME must be letters, digits, . _ or - (at most 64)',
      )
      .optional(),
    /**
     * How many proxies in front of Spotreel append to X-Forwarded-For (1 behind one load
     * balancer): the client is the address the last of them saw, whatever came before.
     */
    TRUST_PROXY_HOPS: z.coerce
      .number({ error: 'TRUST_PROXY_HOPS must be a whole number' })
      .int('TRUST_PROXY_HOPS must be a whole number')
      .min(0, 'TRUST_PROXY_HOPS must be 0 or more')
      .max(10, 'TRUST_PROXY_HOPS must be at most 10')
      .default(0),
    /** Replaced by TRUST_PROXY_HOPS: trusting every hop let a forged header pick the client. */
    TRUST_PROXY: z
      .undefined({
        error:
          'TRUST_PROXY is replaced by TRUST_PROXY_HOPS, the number of proxies in front of Spotreel (1 behind one load balancer)',
      })
      .optional(),
    PRODUCTION_HOSTS: hostList.default(['spotreel.app', 'www.spotreel.app']),
    SANDBOX_HOSTS: hostList.default(['sandbox.spotreel.app']),
    LOCAL_HOSTS: hostList.default(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']),
    SHUTDOWN_GRACE_MS: positiveInt('SHUTDOWN_GRACE_MS').default(10_000),
    /**
     * How long a client may take (docs/decisions/065-slow-clients.md): its request line and
     * headers, its whole request (the body is 64 KB at most), an idle connection between two
     * requests (longer than a load balancer's usual 60 s, so that the balancer closes first), and
     * a connection that moves no byte at all while a request is open.
     */
    HEADERS_TIMEOUT_MS: timeoutMs('HEADERS_TIMEOUT_MS').default(10_000),
    REQUEST_TIMEOUT_MS: timeoutMs('REQUEST_TIMEOUT_MS').default(30_000),
    KEEP_ALIVE_TIMEOUT_MS: timeoutMs('KEEP_ALIVE_TIMEOUT_MS').default(72_000),
    IDLE_SOCKET_TIMEOUT_MS: timeoutMs('IDLE_SOCKET_TIMEOUT_MS').default(60_000),
    /**
     * Open connections one address may hold; 0 is no cap. Unset: 128 when clients connect
     * directly, none behind proxies (TRUST_PROXY_HOPS), where every connection comes from the
     * proxy and the proxy caps each client instead (nginx's limit_conn).
     */
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce
      .number({ error: 'MAX_CONNECTIONS_PER_ADDRESS must be a whole number' })
      .int('MAX_CONNECTIONS_PER_ADDRESS must be a whole number')
      .min(0, 'MAX_CONNECTIONS_PER_ADDRESS must be 0 (no cap) or more')
      .optional(),
    /** GET /api/_bench/baseline for bench:api; in production only by name (ADR 022). */
    BENCH_BASELINE: flag,
    /**
     * The site's public origin: every absolute URL it writes (canonical links, sitemaps, sign-in,
     * the bundled provider's issuers) starts with it, never with a request's Host. Required in
     * production; http://localhost:PORT otherwise (docs/decisions/022-production-conveniences.md).
     */
    SITE_URL: origin('SITE_URL').optional(),
    APP_LINK_BASE: url('APP_LINK_BASE').default('https://spotreel.app.link/open'),
    APP_STORE_URL: url('APP_STORE_URL').default(
      'https://apps.apple.com/us/app/spotreel/id1600000000',
    ),
    PLAY_STORE_URL: url('PLAY_STORE_URL').default(
      'https://play.google.com/store/apps/details?id=app.spotreel',
    ),
    CLAIM_BUSINESS_URL: url('CLAIM_BUSINESS_URL').default('https://business.spotreel.app/claim'),
    /** The external scheduling page of business verification (spec §2.2). */
    VERIFY_SCHEDULING_URL: url('VERIFY_SCHEDULING_URL').default(
      'https://business.spotreel.app/schedule-verification',
    ),
    /** The giveaway's entry period (kygo-sweepstakes and its rules; docs/decisions/016-campaigns.md). */
    GIVEAWAY_OPENS: isoDate('GIVEAWAY_OPENS').default('2026-11-01T00:00:00-05:00'),
    GIVEAWAY_CLOSES: isoDate('GIVEAWAY_CLOSES').default('2027-01-31T23:59:59-05:00'),
    /** The hosted subscription checkout of the monthly profile (spec §2.2, link only). */
    PROFILE_CHECKOUT_URL: url('PROFILE_CHECKOUT_URL').default(
      'https://business.spotreel.app/checkout/monthly-profile',
    ),
    COMPANY_SITE_URL: url('COMPANY_SITE_URL').default('https://about.spotreel.app'),
    /** Test-only triggers in the web app; in production only by name (ADR 022). */
    TEST_HOOKS: flag,
    /**
     * The web app from its sources through Vite's dev server, edits shown in the open page
     * (hot module replacement): `npm run dev` turns it on; never in production (ADR 068).
     */
    HOT_RELOAD: flag,
    /** Master secret of Spotreel's ID-token keys (docs/decisions/014-accounts.md); required in production. */
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    /**
     * The bundled identity provider and its test accounts: auto = on outside production unless a
     * real provider is configured; in production only with LOCAL_IDP=on (ADR 022).
     */
    LOCAL_IDP: convenience,
    /** GET /api/events/mine, a browser's own analytics events: auto = on outside production. */
    EVENTS_MINE: convenience,
    GOOGLE_ISSUER: url('GOOGLE_ISSUER').default('https://accounts.google.com'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    FACEBOOK_ISSUER: url('FACEBOOK_ISSUER').default('https://www.facebook.com'),
    FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
    FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
    APPLE_ISSUER: url('APPLE_ISSUER').default('https://appleid.apple.com'),
    APPLE_CLIENT_ID: z.string().min(1).optional(),
    /** Apple's client secret is a JWT signed with the team's key, made outside this process. */
    APPLE_CLIENT_SECRET: z.string().min(1).optional(),
    SESSION_IDLE_DAYS: positiveInt('SESSION_IDLE_DAYS').default(30),
    SESSION_MAX_DAYS: positiveInt('SESSION_MAX_DAYS').default(90),
    /** The feature flags' config file, applied to the flag store at boot and on change (ADR 017). */
    FLAGS_FILE: z.string().min(1).default('config/flags.json'),
    /** Flag definitions are read from the database at most this often per process. */
    FLAGS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    /** Whether trackers wait for the visitor's consent (ADR 017); on unless turned off. */
    ANALYTICS_CONSENT: z.enum(['required', 'not-required']).default('required'),
    /** Product analytics (PostHog): a project key turns it on. */
    POSTHOG_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{4,100}$/, 'POSTHOG_KEY must be a PostHog project key')
      .optional(),
    POSTHOG_HOST: url('POSTHOG_HOST').default('https://us.i.posthog.com'),
    /** Google Analytics 4: a measurement id (G-…) turns it on. */
    GA4_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'GA4_MEASUREMENT_ID must look like G-XXXXXXX')
      .optional(),
    /** The Meta pixel: a pixel id (digits) turns it on. */
    META_PIXEL_ID: z
      .string()
      .regex(/^[0-9]{5,20}$/, 'META_PIXEL_ID must be the pixel id (digits)')
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (c.DATABASE_READ_URL && !c.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message:
          'DATABASE_READ_URL is a replica of DATABASE_URL: set DATABASE_URL too (the embedded database has no replica)',
      });
    if (c.NODE_ENV === 'production' && !c.AUTH_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'AUTH_SECRET is required in production',
      });
    if (c.NODE_ENV === 'production' && c.HOT_RELOAD)
      ctx.addIssue({
        code: 'custom',
        path: ['HOT_RELOAD'],
        message:
          'HOT_RELOAD is for development (npm run dev): in production the web app is the build (npm run build)',
      });
    if (c.NODE_ENV === 'production' && !c.SITE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message:
          "SITE_URL is required in production: the site's public origin, like https://spotreel.app (canonical links, sitemaps and sign-in are built on it)",
      });
    for (const name of ['GOOGLE', 'FACEBOOK', 'APPLE'] as const) {
      if (!!c[`${name}_CLIENT_ID`] !== !!c[`${name}_CLIENT_SECRET`])
        ctx.addIssue({
          code: 'custom',
          path: [`${name}_CLIENT_ID`],
          message: `${name}_CLIENT_ID and ${name}_CLIENT_SECRET go together`,
        });
    }
    if (c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message:
          'HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS (the headers are part of the request)',
      });
    if (c.SESSION_IDLE_DAYS > c.SESSION_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_IDLE_DAYS'],
        message: 'SESSION_IDLE_DAYS must not exceed SESSION_MAX_DAYS',
      });
  });

export type Config = ReturnType<typeof parseConfig>;

export type ProviderName = 'google' | 'facebook' | 'apple';

/** A real identity provider's OpenID Connect client, when configured. */
export interface RealProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function authConfig(c: z.infer<typeof EnvSchema>) {
  const real = (issuer: string, clientId?: string, clientSecret?: string): RealProvider | null =>
    clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
  const providers: Record<ProviderName, RealProvider | null> = {
    google: real(c.GOOGLE_ISSUER, c.GOOGLE_CLIENT_ID, c.GOOGLE_CLIENT_SECRET),
    facebook: real(c.FACEBOOK_ISSUER, c.FACEBOOK_CLIENT_ID, c.FACEBOOK_CLIENT_SECRET),
    apple: real(c.APPLE_ISSUER, c.APPLE_CLIENT_ID, c.APPLE_CLIENT_SECRET),
  };
  const anyReal = Object.values(providers).some(Boolean);
  return {
    /** Without AUTH_SECRET (development, tests) each process makes its own. */
    secret: c.AUTH_SECRET ?? null,
    providers,
    localIdp:
      c.LOCAL_IDP === 'on' || (c.LOCAL_IDP === 'auto' && c.NODE_ENV !== 'production' && !anyReal),
    sessionIdleMs: c.SESSION_IDLE_DAYS * 24 * 3600 * 1000,
    sessionMaxMs: c.SESSION_MAX_DAYS * 24 * 3600 * 1000,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Spotreel cannot start: bad configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Variables whose whole value is a secret: a bad one is named, never shown. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY$/;

/**
 * A bad value as a configuration error shows it: quoted, with any credentials of a URL
 * (`user:password@`) replaced, and a secret's value not at all, only its length. A start error
 * ends up in terminals, CI logs and log collectors, where no secret may go (issue 36).
 */
export function shownValue(name: string, value: string): string {
  if (SECRET_NAME.test(name)) return `(hidden, ${value.length} characters)`;
  // Everything before the last @ (a credential, however mistyped the scheme or unescaped the
  // password: "postgres//u:pw@h", "postgres://u:p@ss@h"), the scheme kept; and libpq's
  // "password=…" pairs.
  const shown = value
    .replace(
      /^(.*)@/s,
      (_, before: string) => `${/^[a-z][a-z0-9+.-]*:\/+/i.exec(before)?.[0] ?? ''}***@`,
    )
    .replace(/(password|passwd|pwd)=[^&\s]*/gi, '$1=***');
  return JSON.stringify(shown);
}

/** Reads the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const key = issue.path.join('.');
        return `${key}=${shownValue(key, cleaned[key] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const c = result.data;
  const dataDir = resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    isProduction: c.NODE_ENV === 'production',
    port: c.PORT,
    host: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    /**
     * Outside production on an address other machines reach, the development conveniences
     * answer this machine only (docs/decisions/066-conveniences-on-loopback.md).
     */
    conveniencesLoopbackOnly:
      c.NODE_ENV !== 'production' && !isLoopbackAddress(c.HOST ?? '127.0.0.1'),
    dataDir,
    pgliteDir: resolve(dataDir, 'db'),
    mediaDir: resolve(dataDir, 'media'),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseReadUrl: c.DATABASE_READ_URL,
    databaseReadCatchUpMs: c.DATABASE_READ_CATCH_UP_MS,
    queryCaptureFile: c.QUERY_CAPTURE_FILE ? resolve(c.QUERY_CAPTURE_FILE) : undefined,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT ?? (c.NODE_ENV === 'production' ? 'json' : 'pretty'),
    mediaBaseUrl: (c.MEDIA_BASE_URL ?? '/media').replace(/\/$/, ''),
    seedScale: c.SEED_SCALE,
    seedMode: c.SEED,
    apiCacheTtlMs: c.API_CACHE_TTL_MS,
    apiCacheMaxEntries: c.API_CACHE_MAX_ENTRIES,
    apiCacheMaxBytes: c.API_CACHE_MAX_MB * 1024 * 1024,
    searchIndex: { on: c.SEARCH_INDEX === 'on', syncMs: c.SEARCH_SYNC_MS },
    pageCacheTtlMs: c.PAGE_CACHE_TTL_MS,
    pageCacheMaxBytes: c.PAGE_CACHE_MAX_MB * 1024 * 1024,
    rateLimits: {
      readsPerMinute: c.RATE_LIMIT_READS_PER_MINUTE,
      searchesPerMinute: c.RATE_LIMIT_SEARCHES_PER_MINUTE,
      writesPerMinute: c.RATE_LIMIT_WRITES_PER_MINUTE,
      signInsPerMinute: c.RATE_LIMIT_SIGN_INS_PER_MINUTE,
    },
    rateLimitStore: c.RATE_LIMIT_STORE ?? (c.DATABASE_URL ? 'database' : 'memory'),
    replicaName: c.REPLICA_NAME ?? null,
    trustProxyHops: c.TRUST_PROXY_HOPS,
    hosts: { production: c.PRODUCTION_HOSTS, sandbox: c.SANDBOX_HOSTS, local: c.LOCAL_HOSTS },
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    connections: {
      headersTimeoutMs: c.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: c.KEEP_ALIVE_TIMEOUT_MS,
      idleSocketTimeoutMs: c.IDLE_SOCKET_TIMEOUT_MS,
      maxPerAddress: c.MAX_CONNECTIONS_PER_ADDRESS ?? (c.TRUST_PROXY_HOPS > 0 ? 0 : 128),
    },
    benchBaseline: c.BENCH_BASELINE,
    // Port 0 (a test's own pick) has no public address: such a test sets SITE_URL.
    siteUrl: c.SITE_URL ? new URL(c.SITE_URL).origin : `http://localhost:${c.PORT}`,
    appLinkBase: c.APP_LINK_BASE,
    appStoreUrl: c.APP_STORE_URL,
    playStoreUrl: c.PLAY_STORE_URL,
    claimBusinessUrl: c.CLAIM_BUSINESS_URL,
    verifySchedulingUrl: c.VERIFY_SCHEDULING_URL,
    profileCheckoutUrl: c.PROFILE_CHECKOUT_URL,
    giveaway: { opens: c.GIVEAWAY_OPENS, closes: c.GIVEAWAY_CLOSES },
    companySiteUrl: c.COMPANY_SITE_URL.replace(/\/$/, ''),
    testHooks: c.TEST_HOOKS,
    hotReload: c.HOT_RELOAD,
    eventsMine: c.EVENTS_MINE === 'on' || (c.EVENTS_MINE === 'auto' && c.NODE_ENV !== 'production'),
    auth: authConfig(c),
    flags: {
      file: resolve(projectRoot(), c.FLAGS_FILE),
      cacheMs: c.FLAGS_CACHE_MS,
    },
    analytics: {
      consentRequired: c.ANALYTICS_CONSENT === 'required',
      posthog: c.POSTHOG_KEY
        ? { key: c.POSTHOG_KEY, host: c.POSTHOG_HOST.replace(/\/$/, '') }
        : null,
      ga4: c.GA4_MEASUREMENT_ID ?? null,
      metaPixel: c.META_PIXEL_ID ?? null,
    },
  };
}

/**
 * The development conveniences this configuration turns on in production, each as the loud line
 * the start log warns with (docs/decisions/022-production-conveniences.md). Outside production
 * they are the ordinary way to work, and nothing is said.
 */
export function productionConveniences(config: Config): string[] {
  if (!config.isProduction) return [];
  const on: [boolean, string][] = [
    [
      config.auth.localIdp,
      'DEMO: the bundled identity provider is ON in production (LOCAL_IDP=on) — anyone can sign in as a test account, business owners included, without a password',
    ],
    [
      config.testHooks,
      'DEMO: test hooks are ON in production (TEST_HOOKS=true) — anyone can make a page fail on purpose with ?__throw=',
    ],
    [
      config.eventsMine,
      "DEMO: /api/events/mine is ON in production (EVENTS_MINE=on) — anyone who knows a browser's distinct id (the trackers get it) can read its analytics events",
    ],
    [
      config.benchBaseline,
      'DEMO: the benchmark endpoints are ON in production (BENCH_BASELINE=true) — /api/_bench/baseline answers anyone, up to 5 MB a call',
    ],
  ];
  return on.filter(([isOn]) => isOn).map(([, line]) => line);
}
