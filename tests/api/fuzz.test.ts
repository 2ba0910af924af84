import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { READ_URLS, WRITE_URLS } from '../../contract/endpoints';
import { openDatabase } from '../../db/client';
import { seedDatabase } from '../../db/seed/run';
import { buildApp } from '../../server/app';
import { toSocialUser } from '../../server/auth/federation';
import { createIdTokenService, type ProviderUser } from '../../server/auth/id-tokens';
import { linkTestAccounts } from '../../server/auth/link-test-accounts';
import { createSessionStore } from '../../server/auth/sessions';
import { TEST_ACCOUNTS } from '../../server/auth/test-accounts';
import { ONE_CLIENT_RATE_LIMITS, parseConfig } from '../../server/config';
import { WEEK_DAYS } from '../../contract/week-days';
import { VALID_ENTRIES } from './campaign-entries';
import { csrfPair, type CsrfPair } from './client';
import { freePort } from '../free-port';
import { ownDatabaseUrl } from './own-database';

type RouteEntry = { path?: string; children?: RouteEntry[] };
/** Every URL pattern of the web app's route table (the splat route as a made-up word). */
const PAGE_PATTERNS: string[] = (function flatten(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path === undefined ? [] : [entry.path === '*' ? 'no-such-page' : entry.path]),
    ...flatten(entry.children ?? []),
  ]);
})(routes);

/**
 * Issue 16, criterion 2: no input reaches a 500. A deterministic fuzz of every route the server
 * registers — the reads and writes of contract/endpoints.ts, /auth, /idp, the pages of
 * app/routes.ts, health, SEO, media and assets — over every method, anonymous and signed
 * in (with the CSRF pair, so writes get past CSRF to validation). Routes come from the server
 * itself (its route tree and its OpenAPI document), so a new endpoint is fuzzed without a line
 * here; its schema says which values to bend.
 *
 * It starts its own server, built like the shared one of global-setup.ts (a migrated, seeded
 * database with the test accounts linked), because it must know which request wrote which row:
 * the shared server is written to by the other test files at the same time. Every table gets
 * a trigger that notes each row written; requests go one at a time, and a request that was
 * refused (4xx) must have written none. Nothing here records refused attempts on purpose: rate
 * limits are counted in memory on PGlite and, on PostgreSQL, in rate_limit_windows, which the
 * triggers leave out (a refused request still spends its budget: ADR 058); analytics events are stored only for an accepted batch, and a
 * session's idle clock is touched at most every ten minutes, so "none" is the honest bar.
 * The server runs in production mode, as the attacker's did, with the bundled provider and
 * /api/events/mine on so their routes are fuzzed as well.
 *
 * FUZZ_SEED and FUZZ_REQUESTS change the run; a failure names the seed to replay it with.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 16);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const DISTINCT_ID = 'fuzz-distinct-0001';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

// ---------------------------------------------------------------------------------------------
// The values that bend inputs

/** Seeded, so a failing run can be replayed (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
const rng = random(SEED);

/** Text PostgreSQL cannot store: NUL in text, lone UTF-16 surrogates in text and jsonb. */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\udfff\ud800', 'ok\ud83d'];
/** Odd but legal text: a field may take it or refuse it, never fail on it. */
const ODD_TEXT = [
  '😀',
  '👩‍👩‍👧',
  'e\u0301',
  '\u202egnp.exe',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\u{10ffff}',
  'ｆｕｌｌ',
  'İstanbul',
  'ß',
  '\u2028',
  ' ',
  '',
  '\t\r\n',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}',
  '١٢٣',
  'a'.repeat(101),
  'a'.repeat(2001),
  'é'.repeat(5000),
];
/** Numbers as text: past the 32-bit columns, past doubles, not numbers at all. */
const NUMBERISH = [
  '2147483648',
  '2147483647',
  '4294967296',
  '9'.repeat(30),
  '9007199254740993',
  '1e308',
  '-1e308',
  '1e-320',
  '-0',
  '0',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x7fffffff',
  ' 1',
  '+1',
  '00000000001',
  '١',
  '1_000',
];
/** JSON number tokens as written, some beyond what a double holds. */
const JSON_NUMBERS = [
  '2147483648',
  '2147483647',
  '-2147483649',
  '1e308',
  '1e400',
  '-1e400',
  '-0',
  '0',
  '-1',
  '1.5',
  '9007199254740993',
  '1' + '0'.repeat(400),
  '5e-324',
];
/** Values of the wrong JSON type, and structures too deep or too wide. */
const WRONG_TYPES = [
  'null',
  'true',
  'false',
  '[]',
  '{}',
  '[[]]',
  '""',
  '"1"',
  '{"a":{"b":{"c":{}}}}',
  '['.repeat(3000) + ']'.repeat(3000),
  '{"a":'.repeat(1000) + '1' + '}'.repeat(1000),
  `[${Array.from({ length: 3000 }, (_, i) => i).join(',')}]`,
  `{${Array.from({ length: 1500 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
];
/** Whole bodies that are not what any route takes. */
const BAD_BODIES = [
  '',
  '{',
  '{"a":1',
  'nul',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '"' + 'a'.repeat(70_000) + '"',
  ...WRONG_TYPES,
];
/** Path segments written as raw bytes: bad escapes, an encoded lone surrogate, traversal. */
const RAW_SEGMENTS = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AE',
  '%2F',
  '..',
  '.',
  '%2e%2e',
  '%252e',
  'a'.repeat(400),
  '%F0%9F%98%80',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json;;',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/*',
  '',
];

/** Encodes text for a URL the way a hostile client may: lone surrogates as their raw CESU bytes. */
function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase()
        : encodeURIComponent(char);
  }
  return out;
}

/** A JSON token written as is (numbers no double holds, nesting no schema expects). */
class Raw {
  constructor(readonly text: string) {}
}
function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .map(([key, inner]) => `${JSON.stringify(key)}:${toJson(inner)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

// ---------------------------------------------------------------------------------------------
// The routes, as the server declares them

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Route {
  method: string;
  /** Fastify's pattern: /api/v2/locations/:id, /media/*. */
  url: string;
  operation?: Operation;
}

/** Every route of the server's route tree (printRoutes): method and URL pattern. */
function routeTable(tree: string): { url: string; methods: string[] }[] {
  const routes: { url: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const [, segment, methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4))!;
    const url = (depth > 0 ? stack[depth - 1]! : '') + segment!;
    stack[depth] = url;
    stack.length = depth + 1;
    if (methods) routes.push({ url, methods: methods.split(', ') });
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// The server of this file

interface World {
  app: FastifyInstance;
  base: URL;
  close(): Promise<void>;
  /** The id of the newest row-write note: a request wrote what lies above it. */
  writesSoFar(): Promise<number>;
  writesAfter(id: number): Promise<string>;
  ids: Record<
    'locations' | 'reviews' | 'users' | 'cities' | 'collections' | 'userCollections',
    number[]
  >;
  slugs: string[];
  ownerId: number;
  ownedLocationId: number;
  newIdentities: ProviderUser[];
  session(): Promise<string>;
  /** The device id and CSRF token a page of this server handed out (ADR 025). */
  csrf: CsrfPair;
  idToken(user: ProviderUser): Promise<string>;
  /** What the server logged as an error or worse, oldest first (whatever LOG_LEVEL says). */
  loggedErrors: string[];
}

async function startWorld(): Promise<World> {
  const dataDir = await mkdtemp(join(tmpdir(), 'spotreel-fuzz-'));
  const port = await freePort();
  const config = parseConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: 'fuzz-secret-fuzz-secret-fuzz-secret-0001',
    LOCAL_IDP: 'on',
    EVENTS_MINE: 'on',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    DATABASE_URL: await ownDatabaseUrl('fuzz'),
    // Every request should reach validation, not the write limit.
    ...ONE_CLIENT_RATE_LIMITS,
    GIVEAWAY_OPENS: '2020-01-01T00:00:00Z',
    GIVEAWAY_CLOSES: '2099-12-31T23:59:59Z',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();
  await seedDatabase(database.db, { scale: 1, mediaDir: config.mediaDir, log: () => {} });
  await linkTestAccounts(database.db);
  const { db } = database;
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };
  const idsOf = async (table: string) =>
    (await rows<{ id: number }>(sql.raw(`select id from ${table} order by id limit 40`))).map(
      (row) => Number(row.id),
    );
  const [owner] = await rows<{ user_id: number; location_id: number }>(
    sql`select user_id, location_id from business_owners order by user_id limit 1`,
  );
  const slugs = [
    ...(await rows<{ slug: string }>(sql`select slug from cities limit 5`)).map((r) => r.slug),
    ...(await rows<{ slug: string }>(sql`select username as slug from users limit 5`)).map(
      (r) => r.slug,
    ),
    ...(await rows<{ slug: string }>(sql`select slug from locations limit 5`)).map((r) => r.slug),
  ];
  // People the bundled provider knows who have not signed up yet: sign-up can go all the way.
  const newIdentities: ProviderUser[] = Array.from({ length: 40 }, (_, i) => ({
    uid: `u_fuzz_${i}`,
    providerType: 'google.com',
    providerUserId: `fuzz-subject-${i}`,
    displayName: `Fuzz ${i}`,
    email: `fuzz.${i}@example.com`,
    phoneNumber: null,
    photoUrl: null,
  }));
  for (const identity of newIdentities)
    await db.execute(
      sql`insert into auth_identities (uid, provider, subject, display_name, email)
          values (${identity.uid}, 'google', ${identity.providerUserId}, ${identity.displayName}, ${identity.email})`,
    );

  const app = await buildApp({ config, database, version: 'fuzz' });
  // An input may fail quietly too: a page's read that fails is logged, and the page shows what
  // it can. Each request's loggers inherit the root's methods, so this hears them all.
  const loggedErrors: string[] = [];
  for (const level of ['error', 'fatal'] as const) {
    const original = app.log[level];
    app.log[level] = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args as [{ err?: Error } | string, string | undefined];
      loggedErrors.push(
        typeof first === 'string' ? first : `${second ?? ''}: ${first?.err?.message ?? ''}`,
      );
      return (original as (...a: unknown[]) => void).apply(this, args);
    } as typeof original;
  }
  await app.listen({ port, host: '127.0.0.1' });
  const sessions = createSessionStore(db, {
    idleMs: config.auth.sessionIdleMs,
    maxMs: config.auth.sessionMaxMs,
  });
  const idTokens = createIdTokenService({
    secret: config.auth.secret,
    issuer: `${config.siteUrl}/auth`,
  });

  // Every row written from now on leaves a note: which table, in the order written.
  await db.execute(
    sql`create table fuzz_writes (id bigserial primary key, table_name text not null)`,
  );
  await db.execute(
    sql.raw(`create function fuzz_note_write() returns trigger language plpgsql as $$
      begin insert into fuzz_writes (table_name) values (TG_TABLE_NAME); return null; end $$`),
  );
  // A partitioned table's trigger is its partitions' too (ADR 037): they get none of their own.
  // A refused request still spends its client's budget, which on PostgreSQL is counted in
  // rate_limit_windows (ADR 058): that is the limit at work, not a write of the request's.
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE'
           and table_name not in ('fuzz_writes', 'rate_limit_windows')
           and table_name not in (select relname from pg_class where relispartition)`,
  );
  for (const { name } of tables)
    await db.execute(
      sql.raw(`create trigger fuzz_note_write after insert or update or delete on "${name}"
               for each row execute function fuzz_note_write()`),
    );

  return {
    app,
    base: new URL(config.siteUrl),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    async writesSoFar() {
      const [row] = await rows<{ n: number | string | null }>(
        sql`select max(id) as n from fuzz_writes`,
      );
      return Number(row?.n ?? 0);
    },
    async writesAfter(id) {
      const counts = await rows<{ table_name: string; n: number | string }>(
        sql`select table_name, count(*) as n from fuzz_writes where id > ${id} group by 1 order by 1`,
      );
      return counts.map((row) => `${row.n} in ${row.table_name}`).join(', ');
    },
    ids: {
      locations: [owner!.location_id, ...(await idsOf('locations'))],
      reviews: await idsOf('reviews'),
      users: [owner!.user_id, ...(await idsOf('users'))],
      cities: await idsOf('cities'),
      collections: await idsOf('collections'),
      userCollections: await idsOf('user_collections'),
    },
    slugs,
    ownerId: owner!.user_id,
    ownedLocationId: owner!.location_id,
    newIdentities,
    loggedErrors,
    session: async () => (await sessions.create(owner!.user_id)).token,
    csrf: await csrfPair(config.siteUrl),
    idToken: (user) => idTokens.issue(user),
  };
}

// ---------------------------------------------------------------------------------------------
// One request and its answer

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The route pattern it aims at (for the report). */
  route: string;
  /** What was bent, for the report. */
  what: string[];
}
interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(base: URL, request: FuzzRequest, keepAlive = true): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers,
        agent: keepAlive ? agent : false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          // A bent Accept-Encoding may still get a compressed answer.
          const body = Buffer.concat(chunks);
          // A HEAD answer (or a 204/304) carries the headers of its encoding and no body.
          const encoding = body.length === 0 ? undefined : response.headers['content-encoding'];
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: (encoding === 'br'
              ? zlib.brotliDecompressSync(body)
              : encoding === 'gzip'
                ? zlib.gunzipSync(body)
                : encoding === 'deflate'
                  ? zlib.inflateSync(body)
                  : body
            ).toString('utf8'),
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** A request written byte by byte on a socket of its own (what no HTTP client would send). */
function sendRaw(base: URL, text: string | Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname, () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = all.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        contentType: /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? '',
        text: rest.join('\r\n\r\n'),
      });
    });
  });
}

/** What is wrong with a refusal's body, or null: `{ error, message, fields? }` (ErrorBody). */
function errorBodyProblem(answer: Answer): string | null {
  if (!answer.contentType.startsWith('application/json'))
    return `content type ${answer.contentType || 'none'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'not JSON';
  }
  const { error, message, fields, ...rest } = (body ?? {}) as Record<string, unknown>;
  if (typeof error !== 'string' || !/^[a-z][a-z0-9_]*$/.test(error)) return 'no error code';
  if (typeof message !== 'string' || !message) return 'no message';
  if (
    fields !== undefined &&
    !(
      Array.isArray(fields) &&
      fields.every(
        (f) =>
          typeof f === 'object' &&
          f !== null &&
          typeof (f as { field?: unknown }).field === 'string' &&
          typeof (f as { message?: unknown }).message === 'string',
      )
    )
  )
    return 'fields malformed';
  if (Object.keys(rest).length) return `extra keys ${Object.keys(rest).join(', ')}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The generator

type Identity = 'anonymous' | 'signed-in' | 'auth-token-header' | 'junk-cookies';

describe('fuzz: no input reaches a 500, and a refused request writes nothing', () => {
  let world: World;
  let routes: Route[];

  beforeAll(async () => {
    world = await startWorld();
    await world.app.ready();
    const doc = (
      world.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
    ).swagger();
    const operations = new Map<string, Operation>();
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods))
        operations.set(
          `${method.toUpperCase()} ${path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')}`,
          operation,
        );
    routes = [];
    for (const { url, methods } of routeTable(world.app.printRoutes()))
      for (const method of methods)
        routes.push({ method, url, operation: operations.get(`${method} ${url}`) });
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await world?.close();
  });

  it('finds every declared read and write among the routes the server serves', () => {
    const served = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const url of Object.values(READ_URLS)) expect(served, url).toContain(`GET ${url}`);
    // A write's :param may be one route per value (each campaign has its own).
    for (const write of Object.values(WRITE_URLS)) {
      const pattern = new RegExp(`^${write.replace(/:\w+/g, '[^/]+')}$`);
      expect(
        [...served].some((route) => pattern.test(route)),
        write,
      ).toBe(true);
    }
    // the pages, the identity routes and the rest outside the contract
    for (const route of ['GET /*', 'GET /auth/:provider/start', 'GET /media/*', 'GET /healthz'])
      expect(served, route).toContain(route);
  });

  it('refuses what the attacker sent, each by name, in ErrorBody and naming the field', async () => {
    const signedIn = {
      cookie: `auth_token=${await world.session()}; ${world.csrf.cookie}; distinct_id=${DISTINCT_ID}; spotreel_consent=granted`,
      'x-csrftoken': world.csrf.token,
      'content-type': 'application/json',
    };
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await send(world.base, {
        method,
        path,
        headers: signedIn,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        route: '',
        what: [],
      });
      expect(errorBodyProblem(answer), answer.text).toBeNull();
      return { status: answer.status, ...(JSON.parse(answer.text) as Record<string, unknown>) };
    };
    const before = await world.writesSoFar();

    // an id past the 32-bit columns, in a path, a query and a body
    expect(await call('GET', '/api/v2/reviews/2147483648')).toMatchObject({
      status: 400,
      fields: [{ field: 'id', message: 'must be a whole number from 1 to 2147483647' }],
    });
    expect(await call('GET', '/api/v3/classifications/cuisines?city_id=4294967296')).toMatchObject({
      status: 400,
      fields: [{ field: 'city_id' }],
    });
    expect(await call('POST', '/api/user/save', { user_id: 2147483648, bio: 'x' })).toMatchObject({
      status: 400,
      fields: [{ field: 'user_id' }],
    });
    // ... or inside a slug: then it names nothing
    expect(await call('GET', '/api/v2/routes/99999999999?target_type=city')).toMatchObject({
      status: 404,
    });
    // a NUL in text, a lone surrogate bound for a jsonb column, a NUL in a record's key
    expect(await call('GET', '/api/v2/search/wonder-search?term=a%00b')).toMatchObject({
      status: 400,
      fields: [{ field: 'term', message: expect.stringMatching(/NUL/) }],
    });
    const event = { name: 'page-view', path: '/', occurredAt: new Date().toISOString() };
    expect(
      await call('POST', '/api/events', { events: [{ ...event, properties: { x: '\ud800' } }] }),
    ).toMatchObject({
      status: 400,
      fields: [{ field: 'events.0.properties.x', message: expect.stringMatching(/surrogate/) }],
    });
    expect(
      await call('POST', '/api/events', { events: [{ ...event, properties: { 'a\u0000': 1 } }] }),
    ).toMatchObject({ status: 400, fields: [{ field: 'events.0.properties.a\uFFFD' }] });
    // what Fastify and Node refuse themselves
    expect(await call('GET', '/api/v2/locations/%E0%A4%A')).toMatchObject({
      status: 400,
      error: 'bad_request',
    });
    for (const [text, status] of [
      ['GET / HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['HELLO\r\n\r\n', 400],
    ] as const) {
      const answer = await sendRaw(world.base, text);
      expect(answer.status).toBe(status);
      expect(errorBodyProblem(answer), answer.text).toBeNull();
    }
    expect(await world.writesSoFar()).toBe(before);
  });

  it(`answers ${REQUESTS} generated requests without a 5xx, refusals in the error shape, writing nothing when refused`, async () => {
    const started = Date.now();
    let token = await world.session();
    const { csrf } = world;
    const problems: Problem[] = [];
    const problem = (kind: string, request: FuzzRequest, detail: string) =>
      problems.push({
        kind,
        route: request.route,
        line: `${describeRequest(request)} → ${detail}`,
      });
    const statuses = new Map<string, number>();
    const covered = new Set<string>();
    let refused = 0;
    let validated = 0;

    // Static files are many routes of one kind: they count as one.
    const isStatic = (route: Route) =>
      /^\/assets\//.test(route.url) || route.url === '/favicon.svg';
    const staticRoutes = routes.filter(isStatic);
    const pageRoutes = routes.filter((route) => route.url === '/*');
    const targets = routes.filter((route) => !isStatic(route));
    if (staticRoutes.length) targets.push({ ...staticRoutes[0]!, url: '/assets' });

    const generate = async (): Promise<FuzzRequest> => {
      // The pages are one route of many patterns (app/route-sets.ts): a share of their own.
      let route = rng.chance(0.06) ? rng.pick(pageRoutes) : rng.pick(targets);
      if (route.url === '/assets') route = rng.pick(staticRoutes);
      const what: string[] = [];
      const method = rng.chance(0.12) ? rng.pick(METHODS) : route.method;
      if (method !== route.method) what.push(`method ${method}`);
      const identity = rng.pick<Identity>([
        'anonymous',
        'signed-in',
        'signed-in',
        'auth-token-header',
        'junk-cookies',
        'anonymous',
      ]);
      const headers: Record<string, string> = {
        accept: 'application/json',
        'device-id': 'web-fuzz-device-0001',
      };
      if (identity === 'signed-in') {
        headers.cookie = `auth_token=${token}; ${csrf.cookie}; distinct_id=${DISTINCT_ID}; spotreel_consent=granted`;
        headers['x-csrftoken'] = csrf.token;
      } else if (identity === 'auth-token-header') headers['auth-token'] = token;
      else if (identity === 'junk-cookies') {
        headers.cookie = rng.pick([
          `auth_token=%00; ${csrf.cookie}; distinct_id=%E0%A4%A`,
          `auth_token=${'a'.repeat(4000)}; ${csrf.cookie}`,
          `${csrf.cookie}; distinct_id=${encodeText('\ud800')}; spotreel_consent=%00`,
          `auth_flow=%00; ${csrf.cookie}`,
          `device_id=%E0%A4%A; csrftoken=${'a'.repeat(4000)}`,
        ]);
        headers['x-csrftoken'] = csrf.token;
      }
      what.push(identity);

      // path
      const operation = route.operation;
      const pathParams = new Map(
        (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p]),
      );
      let path = route.url.replace(/:(\w+)|\*/g, (_whole, name: string | undefined) => {
        const bend = rng.chance(0.45);
        if (bend) what.push(`path ${name ?? '*'}`);
        return bend ? bentSegment(pathParams.get(name ?? '')?.schema) : validSegment(route, name);
      });

      // query
      const queryParams = (operation?.parameters ?? []).filter((p) => p.in === 'query');
      const query: string[] = [];
      for (const param of queryParams) {
        if (rng.chance(0.35)) {
          what.push(`query ${param.name}`);
          for (const value of bentValues(param.schema))
            query.push(`${encodeText(param.name)}=${value}`);
        } else if (rng.chance(0.6)) {
          query.push(`${param.name}=${encodeText(validValue(param.schema, param.name))}`);
        }
      }
      if (rng.chance(queryParams.length ? 0.15 : 0.4)) {
        what.push('query extra');
        query.push(
          rng.pick([
            `${encodeText(rng.pick(UNSTORABLE))}=1`,
            `x=${encodeText(rng.pick([...UNSTORABLE, ...ODD_TEXT]))}`,
            `range=${encodeText(rng.pick(NUMBERISH))}`,
            `page=${encodeText(rng.pick(NUMBERISH))}`,
            `referrer=${encodeText(rng.pick(UNSTORABLE))}`,
            '%E0%A4%A=%',
            '&&=&=',
            '__proto__[x]=1',
            'a=1&'.repeat(500),
          ]),
        );
      }
      if (query.length) path += `?${query.join('&')}`;

      // body
      let body: string | Buffer | undefined;
      const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
      if (takesBody || rng.chance(0.05)) {
        const form = /^\/(auth|idp)\//.test(route.url);
        headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
        const example = await exampleBody(route, headers);
        const roll = rng.next();
        if (roll < 0.15) {
          what.push('body whole');
          body = rng.pick(BAD_BODIES);
        } else if (roll < 0.2) {
          what.push('body bytes');
          body = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]);
        } else if (form) {
          const fields = { ...(example as Record<string, string>) };
          if (rng.chance(0.6)) {
            const key = rng.pick([...Object.keys(fields), 'state', 'code', 'error', 'account']);
            fields[key] = rng.pick([...UNSTORABLE, ...ODD_TEXT]);
            what.push(`form ${key}`);
          }
          body = Object.entries(fields)
            .map(([key, value]) => `${encodeText(key)}=${encodeText(value)}`)
            .join('&');
        } else {
          const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
          const value = example === undefined ? validFromSchema(bodySchema) : example;
          const bent = rng.chance(0.85) ? bendJson(value, what) : value;
          body = bent === undefined ? undefined : toJson(bent);
        }
        if (rng.chance(0.08)) {
          headers['content-type'] = rng.pick(CONTENT_TYPES);
          what.push(`content-type ${headers['content-type']}`);
        }
      }

      // headers the server reads
      if (rng.chance(0.15)) {
        const [name, value] = rng.pick<[string, string]>([
          ['authorization', `Bearer ${rng.pick(['', 'a.b.c', '%00', 'x'.repeat(5000)])}`],
          ['authorization', 'Basic Zm9vOmJhcg=='],
          ['auth-token', rng.pick(['', 'x'.repeat(99), '\u00ff'.repeat(30)])],
          ['device-id', '\u00ff\u00fe'.repeat(60)],
          ['x-request-id', '\u00ff'.repeat(10)],
          ['if-none-match', rng.pick(['*', '"' + 'x'.repeat(3000), 'W/""'])],
          ['accept-encoding', rng.pick(['br;q=NaN', 'gzip;q=1e308', '*;q=-0', 'x'.repeat(2000)])],
          [
            'range',
            rng.pick([
              'bytes=999999999999999999999-',
              'bytes=-0',
              'bytes=a-b',
              'bytes=0-0,'.repeat(200),
            ]),
          ],
          ['if-modified-since', rng.pick(['yesterday', '0', 'Sat, 99 Foo 99999 99:99:99 GMT'])],
          ['origin', rng.pick(['null', 'http://[', 'https://evil.example'])],
          ['sec-fetch-site', rng.pick(['same-origin', 'cross-site', '\u00ff'])],
          ['user-agent', rng.pick(['', '\u00ff'.repeat(500), 'Mozilla/5.0 (iPhone)'])],
          ['sec-ch-ua-mobile', rng.pick(['?1', '?2', '\u00ff'])],
          ['host', rng.pick(['', 'a b', '[', 'spotreel.app', 'x'.repeat(300), 'localhost:99999'])],
          ['accept', rng.pick(['text/html', '*/*;q=x', ''])],
        ]);
        headers[name] = value;
        what.push(`header ${name}`);
      }
      return {
        method,
        path,
        headers,
        ...(body === undefined ? {} : { body }),
        route: `${route.method} ${route.url}`,
        what,
      };
    };

    /** A valid value of a path parameter, from the seeded world where one is needed. */
    function validSegment(route: Route, name: string | undefined): string {
      const url = route.url;
      if (name === undefined) {
        if (url.startsWith('/idp/'))
          return rng.pick([
            '.well-known/openid-configuration',
            'auth',
            'token',
            'jwks',
            'me',
            'session/end',
          ]);
        if (url.startsWith('/media/'))
          return rng.pick(['clips/pizzeria.jpg', 'qr/app-download.svg', 'nothing']);
        return pagePath().slice(1);
      }
      if (name === 'provider') return rng.pick(['google', 'facebook', 'apple']);
      if (name === 'deviceId') return 'web-fuzz-device-0001';
      if (name === 'slug') return rng.pick(world.slugs);
      if (name === 'file') return rng.pick(['cities.xml', 'places-1.xml', 'videos-1.xml']);
      if (name === 'uid') return 'fuzz-interaction-uid';
      if (name === 'userId')
        return String(rng.chance(0.8) ? world.ownerId : rng.pick(world.ids.users));
      const pool = /biz\/locations/.test(url)
        ? [world.ownedLocationId]
        : /locations/.test(url)
          ? world.ids.locations
          : /reviews/.test(url)
            ? world.ids.reviews
            : /users/.test(url)
              ? world.ids.users
              : /cities/.test(url)
                ? world.ids.cities
                : /collections/.test(url)
                  ? world.ids.collections
                  : [1];
      return String(rng.pick(pool));
    }

    /** A page of app/routes.ts, its parameters filled in, some of them bent. */
    function pagePath(): string {
      const pattern = rng.pick([...PAGE_PATTERNS, '', ':citySlug']);
      return `/${pattern.replace(/:(\w+)/g, (_, name: string) => {
        if (rng.chance(0.5)) return bentSegment(undefined);
        if (/review/i.test(name)) return String(rng.pick(world.ids.reviews));
        if (name === 'userCollectionId') return String(rng.pick(world.ids.userCollections));
        if (/collection/i.test(name)) return String(rng.pick(world.ids.collections));
        if (/location/i.test(name)) return `place-${rng.pick(world.ids.locations)}`;
        if (/user/i.test(name)) return String(rng.pick(world.ids.users));
        return rng.pick(world.slugs);
      })}`;
    }

    /** A path segment no route should take as is (or, for text, one it may take). */
    function bentSegment(schema: Schema | undefined): string {
      const roll = rng.next();
      if (roll < 0.35) return encodeText(rng.pick(NUMBERISH));
      if (roll < 0.55) return encodeText(rng.pick(UNSTORABLE));
      if (roll < 0.75) return rng.pick(RAW_SEGMENTS);
      if (schema?.maxLength) return 'a'.repeat(schema.maxLength + 1);
      return encodeText(rng.pick(ODD_TEXT)) || '%20';
    }

    /** Query values (each already encoded) that bend one parameter; several for a repeat. */
    function bentValues(schema: Schema | undefined): string[] {
      const roll = rng.next();
      if (roll < 0.1) return ['1', '2'];
      if (roll < 0.15) return [''];
      if (roll < 0.2) return [rng.pick(RAW_SEGMENTS)];
      const type = typeOf(schema);
      if (type === 'integer' || type === 'number' || roll < 0.45)
        return [encodeText(rng.pick(NUMBERISH))];
      if (roll < 0.7) return [encodeText(rng.pick(UNSTORABLE))];
      if (schema?.maxLength) return ['a'.repeat(schema.maxLength + 1)];
      return [encodeText(rng.pick(ODD_TEXT))];
    }

    /** Replaces one to three values of a JSON body (or the body itself) with bent ones. */
    function bendJson(value: unknown, what: string[]): unknown {
      const copy = structuredClone(value);
      const holders: [Record<string, unknown> | unknown[], string | number, string][] = [];
      const walk = (node: unknown, at: string) => {
        if (Array.isArray(node))
          node.forEach((item, i) => {
            holders.push([node, i, `${at}.${i}`]);
            walk(item, `${at}.${i}`);
          });
        else if (node !== null && typeof node === 'object')
          for (const [key, item] of Object.entries(node)) {
            holders.push([node as Record<string, unknown>, key, `${at}.${key}`]);
            walk(item, `${at}.${key}`);
          }
      };
      walk(copy, 'body');
      if (!holders.length || rng.chance(0.1)) {
        what.push('body value');
        return bentJsonValue(copy);
      }
      const times = rng.int(1, 3);
      for (let i = 0; i < times; i++) {
        const [holder, key, at] = rng.pick(holders);
        const current = (holder as Record<string | number, unknown>)[key];
        if (rng.chance(0.12) && !Array.isArray(holder)) {
          // a key of its own that no schema has, holding bent text
          (holder as Record<string, unknown>)[
            rng.pick([...UNSTORABLE, '__proto__ ', 'extra', ''])
          ] = rng.pick([...UNSTORABLE, ...ODD_TEXT]);
          what.push(`${at} key`);
        } else {
          (holder as Record<string | number, unknown>)[key] = bentJsonValue(current);
          what.push(at);
        }
      }
      return copy;
    }

    function bentJsonValue(current: unknown): unknown {
      const roll = rng.next();
      if (roll < 0.15) return new Raw(rng.pick(WRONG_TYPES));
      if (typeof current === 'number' || roll < 0.3)
        return rng.chance(0.7) ? new Raw(rng.pick(JSON_NUMBERS)) : rng.pick(NUMBERISH);
      if (roll < 0.6) return rng.pick(UNSTORABLE) + (typeof current === 'string' ? current : '');
      if (roll < 0.7 && typeof current === 'string') return current + rng.pick(ODD_TEXT);
      return rng.pick(ODD_TEXT);
    }

    /**
     * A known-good body for a route, so bending one value reaches that value's check (with the
     * ID token a sign-in or sign-up sends beside it, most of the time).
     */
    async function exampleBody(route: Route, headers: Record<string, string>): Promise<unknown> {
      const hours = WEEK_DAYS.map((day, i) =>
        i === 0 ? { day, open: null, close: null } : { day, open: '11:00', close: '22:30' },
      );
      const person = { full_name: 'Alex Rivera', email: `alex.${rng.int(0, 1e9)}@example.com` };
      const campaign = /^\/api\/campaigns\/([^/]+)\/entries$/.exec(route.url)?.[1];
      if (route.method === 'POST' && campaign && VALID_ENTRIES[campaign])
        return VALID_ENTRIES[campaign](person.email);
      switch (`${route.method} ${route.url}`) {
        case 'POST /api/user/me':
        case 'POST /api/user/register': {
          const register = route.url.endsWith('register');
          const account = TEST_ACCOUNTS.find((a) => a.linkedUserId !== null)!;
          const user: ProviderUser = register
            ? rng.pick(world.newIdentities)
            : {
                uid: `u_test_${account.provider}_${account.linkedUserId}`,
                providerType: `${account.provider}.com`,
                providerUserId: account.subject,
                displayName: account.name,
                email: account.email,
                phoneNumber: account.phoneNumber,
                photoUrl: null,
              };
          // Spotreel's own ID token for this person, as the popup hands it over (a bent
          // Authorization header replaces it).
          if (rng.chance(0.7)) headers.authorization = `Bearer ${await world.idToken(user)}`;
          const social = toSocialUser(user);
          return register
            ? {
                ...social,
                phoneNumber: undefined,
                photoUrl: undefined,
                isNewUser: true,
                makeConcierge: false,
                username: `fuzz_${rng.int(0, 1e9)}`,
              }
            : social;
        }
        case 'POST /api/user/valid':
          return { username: 'fuzz_name' };
        case 'POST /api/user/save':
          return { user_id: world.ownerId, display_name: 'Fuzz Owner', bio: 'Tacos, mostly.' };
        case 'POST /api/biz/claims':
          return {
            owner_name: 'Rosa Diaz',
            position: 'Owner',
            business_name: 'Rosa’s Corner Bakery',
            business_website: 'rosasbakery.example.com',
            address: { addr_line1: '12 Elm St', city: 'Chicago', state: 'il', postal: '60601' },
            email: person.email,
            phone: '(312) 555-0147',
            utm_source: 'place-page',
          };
        case 'PUT /api/biz/locations/:id/info':
          return { website: 'tacos.example.com', description: 'Tacos, mostly.', hours };
        case 'POST /api/v2/trackers/share':
          return {
            resourceId: rng.pick(world.ids.locations),
            resourceType: 'location',
            referrerCode: 'fuzz',
          };
        case 'PUT /api/v2/reviews/:id/reads/:deviceId':
          return { watchedDuration: 3.5 };
        case 'POST /api/events':
          return {
            events: [
              {
                name: 'page-view',
                path: '/chicago-il',
                title: 'Chicago',
                occurredAt: new Date().toISOString(),
                properties: { source: 'fuzz' },
              },
            ],
          };
        case 'POST /auth/:provider/callback':
          return { state: 'fuzz-state', code: 'fuzz-code' };
        case 'POST /idp/:provider/interaction/:uid/login':
          return { account: TEST_ACCOUNTS[0]!.subject };
        default:
          return undefined;
      }
    }
    /** The newest row-write note before the request in flight: what it wrote lies above. */
    let mark = await world.writesSoFar();
    const check = async (request: FuzzRequest) => {
      const before = mark;
      const errorsBefore = world.loggedErrors.length;
      let answer: Answer;
      try {
        answer = await send(world.base, request);
      } catch {
        // The server closes a connection after some refusals (a request line or headers it
        // cannot parse); a kept-alive socket may be reused just before it notices. Once more
        // on a fresh connection: no answer then is a problem.
        try {
          answer = await send(world.base, request, false);
        } catch (error) {
          problem('no answer', request, (error as Error).message);
          mark = await world.writesSoFar();
          return;
        }
      }
      mark = await world.writesSoFar();
      const wrote = mark - before;
      const kind = `${Math.floor(answer.status / 100)}xx`;
      statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
      covered.add(request.route);
      if (answer.status >= 400 && answer.status < 500) refused++;
      if (answer.status === 400 && /"fields"/.test(answer.text)) validated++;
      if (answer.status >= 500 || answer.status < 100)
        problem(`${answer.status}`, request, answer.text.slice(0, 160));
      else if (answer.status >= 400) {
        if (wrote > 0) problem('wrote when refused', request, await world.writesAfter(before));
        // The bundled provider speaks OpenID Connect's own error format; pages answer a
        // missing thing with the app's 404 page. Everything else refuses in ErrorBody.
        const own =
          request.method !== 'HEAD' &&
          !request.route.includes(' /idp/') &&
          !(request.route.endsWith(' /*') && answer.contentType.startsWith('text/html'));
        const shape = own ? errorBodyProblem(answer) : null;
        if (shape) problem(`${answer.status} ${shape}`, request, answer.text.slice(0, 120));
      }
      if (world.loggedErrors.length > errorsBefore)
        problem('logged an error', request, world.loggedErrors.slice(errorsBefore).join('; '));
      if (/sign-out/.test(request.path) && answer.status === 200) {
        token = await world.session();
        mark = await world.writesSoFar();
      }
    };

    for (let i = 0; i < REQUESTS; i++) await check(await generate());

    // What no HTTP client sends: broken request lines and headers, straight on the socket.
    const host = `Host: ${world.base.host}\r\n`;
    const raw: string[] = [
      `GET /%E0%A4%A HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      `GET /api/v2/locations/%ED%A0%80 HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      'GET / HTTP/1.1\r\nConnection: close\r\n\r\n',
      `GET / HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      `GET /api/v2/cities?${'a'.repeat(20_000)} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      'HELLO\r\n\r\n',
      `FOO /api/v2/cities HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      `GET /api/v2/cities HTTP/9.9\r\n${host}Connection: close\r\n\r\n`,
      `POST /api/v2/trackers/share HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}`,
      `POST /api/v2/trackers/share HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n`,
      `POST /api/v2/trackers/share HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}`,
      `GET /api/v2/cities HTTP/1.1\r\n${host}Bad Header: x\r\nConnection: close\r\n\r\n`,
      `GET /api/v2/cities HTTP/1.1\r\n${host}${host}Connection: close\r\n\r\n`,
    ];
    for (const text of raw) {
      const before = mark;
      const errorsBefore = world.loggedErrors.length;
      const answer = await sendRaw(world.base, text);
      // A connection that broke off is answered to nobody, yet the server may still be at
      // work on it: a moment for that before counting what it wrote and logged.
      await new Promise((resolve) => setTimeout(resolve, 20));
      mark = await world.writesSoFar();
      const line = JSON.stringify(text.slice(0, 60));
      const kind = `${Math.floor(answer.status / 100)}xx`;
      statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
      const request = { method: 'RAW', path: line, headers: {}, route: 'raw', what: [] };
      // Each of these must be refused: none is a request anyone may make.
      if (answer.status < 400 || answer.status >= 500)
        problem(`${answer.status || 'no answer'}`, request, answer.text.slice(0, 120));
      else {
        refused++;
        const shape = errorBodyProblem(answer);
        if (shape) problem(`${answer.status} ${shape}`, request, answer.text.slice(0, 120));
      }
      if (mark > before) problem('wrote when refused', request, await world.writesAfter(before));
      if (world.loggedErrors.length > errorsBefore)
        problem('logged an error', request, world.loggedErrors.slice(errorsBefore).join('; '));
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const total = REQUESTS + raw.length;
    // One summary line: how much was sent and what came back.
    console.log(
      `fuzz (seed ${SEED}): ${total} requests over ${covered.size} routes in ${seconds}s — ` +
        `${[...statuses]
          .sort()
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}; ${refused} refused, ` +
        `${validated} by field validation; problems: ${countBy(problems, (p) => p.kind) || 'none'}`,
    );
    // Every request was answered (one that was not is among the problems too).
    expect([...statuses.values()].reduce((sum, n) => sum + n, 0)).toBe(total);
    const report = summarize(problems);
    expect(problems.length, `seed ${SEED}\n${report}`).toBe(0);
    // Every route and method the server declares was tried.
    const missed = targets
      .filter((route) => route.url !== '/assets')
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !covered.has(route));
    expect(missed).toEqual([]);
  }, 120_000);
});

function describeRequest(request: FuzzRequest): string {
  const path = request.path.length > 120 ? `${request.path.slice(0, 120)}…` : request.path;
  return `${request.method} ${path} [${request.what.join('; ')}]`;
}

interface Problem {
  kind: string;
  route: string;
  line: string;
}

function countBy<T>(items: T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${n} × ${name}`)
    .join(', ');
}

/** The problems grouped by kind and route, one example each (a report, not a flood). */
function summarize(problems: Problem[]): string {
  const groups = new Map<string, Problem[]>();
  for (const problem of problems) {
    const key = `${problem.kind} ${problem.route}`;
    groups.set(key, [...(groups.get(key) ?? []), problem]);
  }
  return [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([key, list]) => `${list.length} × ${key}, e.g. ${list[0]!.line.slice(0, 240)}`)
    .join('\n');
}

/** The JSON Schema type of a parameter. */
function typeOf(schema: Schema | undefined): string | undefined {
  const type = schema?.type;
  return Array.isArray(type) ? type.find((t) => t !== 'null') : type;
}

/** A valid value of a query parameter, from its schema. */
function validValue(schema: Schema | undefined, name: string): string {
  if (schema?.enum?.length) return String(rng.pick(schema.enum));
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    const min = schema?.minimum ?? 1;
    const max = Math.min(schema?.maximum ?? 50, min + 50);
    return String(rng.int(min, max));
  }
  if (schema?.pattern?.startsWith('^[0-9]')) return String(rng.int(1, 20));
  if (name === 'term') return rng.pick(['pizza', 'taco', 'chicago', 'a']);
  if (name === 'include') return rng.pick(['locations', 'users,cities', '']);
  return rng.pick(['pizza', '1', '']);
}

/** A body from a JSON Schema when no example is known: the shape right, the values plain. */
function validFromSchema(schema: Schema | undefined): unknown {
  if (!schema) return {};
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, inner]) => [
          key,
          validFromSchema(inner),
        ]),
      );
    case 'array':
      return [validFromSchema(schema.items)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}
