import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, productionConveniences, shownValue } from './config';

/** What a production instance needs at the least. */
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-32-characters',
  SITE_URL: 'https://spotreel.app',
};

describe('parseConfig', () => {
  it('has defaults for a fresh machine', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      conveniencesLoopbackOnly: false,
      seedScale: 1,
      databaseUrl: undefined,
      logFormat: 'pretty',
      connections: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 72_000,
        idleSocketTimeoutMs: 60_000,
        maxPerAddress: 128,
      },
    });
    expect(config.pgliteDir).toMatch(/data\/db$/);
    expect(config.mediaBaseUrl).toBe('/media');
  });

  it('listens on this machine only outside production, unless HOST says otherwise (ADR 066)', () => {
    expect(parseConfig(PRODUCTION)).toMatchObject({
      host: '0.0.0.0',
      conveniencesLoopbackOnly: false,
    });
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])
      expect(parseConfig({ HOST: host }).conveniencesLoopbackOnly, host).toBe(false);
    for (const host of ['0.0.0.0', '::', '192.168.1.20'])
      expect(parseConfig({ HOST: host }).conveniencesLoopbackOnly, host).toBe(true);
    expect(parseConfig({ ...PRODUCTION, HOST: '0.0.0.0' }).conveniencesLoopbackOnly).toBe(false);
  });

  it('caps connections per address unless proxies stand in front (ADR 065)', () => {
    expect(parseConfig({ TRUST_PROXY_HOPS: '1' }).connections.maxPerAddress).toBe(0);
    expect(parseConfig({ MAX_CONNECTIONS_PER_ADDRESS: '16' }).connections.maxPerAddress).toBe(16);
    expect(() => parseConfig({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => parseConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/at least 100/);
  });

  it('shares budgets on a PostgreSQL server unless told not to; names a replica only when set', () => {
    expect(parseConfig({})).toMatchObject({ rateLimitStore: 'memory', replicaName: null });
    const server = { DATABASE_URL: 'postgres://spotreel@db.internal:5432/spotreel' };
    expect(parseConfig(server).rateLimitStore).toBe('database');
    expect(parseConfig({ ...server, RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(parseConfig({ RATE_LIMIT_STORE: 'database', REPLICA_NAME: 'web-2' })).toMatchObject({
      rateLimitStore: 'database',
      replicaName: 'web-2',
    });
    expect(() => parseConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
    expect(() => parseConfig({ REPLICA_NAME: 'web 2' })).toThrow(/REPLICA_NAME must be/);
  });

  it('serves the web app through Vite (HOT_RELOAD) in development only, when asked (ADR 068)', () => {
    expect(parseConfig({}).hotReload).toBe(false);
    expect(parseConfig({ HOT_RELOAD: 'true' }).hotReload).toBe(true);
    expect(parseConfig(PRODUCTION).hotReload).toBe(false);
    expect(() => parseConfig({ ...PRODUCTION, HOT_RELOAD: 'true' })).toThrow(
      /HOT_RELOAD="true": HOT_RELOAD is for development \(npm run dev\)/,
    );
  });

  it('logs JSON in production', () => {
    expect(parseConfig(PRODUCTION).logFormat).toBe('json');
  });

  it('requires AUTH_SECRET in production and client id and secret together', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET is required/);
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: 'abc' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/,
    );
  });

  it('requires SITE_URL in production, an origin, and builds on localhost:PORT without it', () => {
    expect(() => parseConfig({ ...PRODUCTION, SITE_URL: undefined })).toThrow(
      /SITE_URL="": SITE_URL is required in production: the site's public origin/,
    );
    expect(parseConfig(PRODUCTION).siteUrl).toBe('https://spotreel.app');
    expect(parseConfig({ SITE_URL: 'https://Spotreel.example:443/' }).siteUrl).toBe(
      'https://spotreel.example',
    );
    for (const bad of [
      'spotreel.app',
      'https://spotreel.app/web',
      'ftp://x.app',
      'https://x.app/?a=1',
    ])
      expect(() => parseConfig({ SITE_URL: bad }), bad).toThrow(
        'SITE_URL must be an origin like https://spotreel.app (http or https, no path)',
      );
    // Development: a fixed origin, never the Host of a request.
    expect(parseConfig({}).siteUrl).toBe('http://localhost:3000');
    expect(parseConfig({ PORT: '4000' }).siteUrl).toBe('http://localhost:4000');
  });

  it('turns the bundled identity provider off once a real provider is configured', () => {
    expect(parseConfig({}).auth.localIdp).toBe(true);
    const real = parseConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(real.auth.localIdp).toBe(false);
    expect(real.auth.providers.google).toMatchObject({ issuer: 'https://accounts.google.com' });
  });

  it('names every bad value at once', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_SCALE: '-1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(3);
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('DATABASE_URL="mysql://x": DATABASE_URL must start with postgres://');
    expect(message).toContain('SEED_SCALE="-1"');
  });

  it('never shows a secret or the credentials of a URL in its errors', () => {
    const secret = 'hunter2-too-short';
    const problems = (() => {
      try {
        parseConfig({
          AUTH_SECRET: secret,
          GOOGLE_CLIENT_ID: 'id',
          GOOGLE_CLIENT_SECRET: '',
          FACEBOOK_CLIENT_ID: 'id',
          FACEBOOK_CLIENT_SECRET: `x${secret}`,
          DATABASE_URL: `mysql://spotreel:${secret}@db.internal:3306/spotreel`,
          DATABASE_READ_URL: `spotreel:${secret}@replica.internal/spotreel`,
          POSTHOG_KEY: `${secret}!`,
        });
      } catch (error) {
        return (error as ConfigError).message;
      }
      return '';
    })();
    expect(problems).not.toContain(secret);
    expect(problems).toContain('AUTH_SECRET=(hidden, 17 characters): AUTH_SECRET must be at least');
    expect(problems).toContain(
      'DATABASE_URL="mysql://***@db.internal:3306/spotreel": DATABASE_URL',
    );
    expect(problems).toContain('DATABASE_READ_URL="***@replica.internal/spotreel"');
    expect(problems).toContain('POSTHOG_KEY=(hidden, 18 characters)');
    expect(shownValue('PORT', 'eighty')).toBe('"eighty"');
    // mistyped schemes, an unescaped @ in the password, libpq's key=value form
    for (const [value, shown] of [
      [`postgres//u:${secret}@h/db`, '"***@h/db"'],
      [`postgres:/u:${secret}@h/db`, '"postgres:/***@h/db"'],
      [`postgres://u:p@ss${secret}@h/db`, '"postgres://***@h/db"'],
      [`host=h user=u password=${secret} dbname=db`, '"host=h user=u password=*** dbname=db"'],
      [
        `postgres://h/db?password=${secret}&sslmode=require`,
        '"postgres://h/db?password=***&sslmode=require"',
      ],
    ])
      expect(shownValue('DATABASE_URL', value!)).toBe(shown);
  });

  it('takes a read replica only beside a PostgreSQL primary', () => {
    expect(() => parseConfig({ DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(
      /DATABASE_READ_URL is a replica of DATABASE_URL: set DATABASE_URL too/,
    );
    expect(() =>
      parseConfig({ DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URL: 'mysql://r' }),
    ).toThrow(/DATABASE_READ_URL must start with postgres:\/\//);
    expect(
      parseConfig({ DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URL: 'postgres://r/db' }),
    ).toMatchObject({ databaseReadUrl: 'postgres://r/db', databaseReadCatchUpMs: 2000 });
  });

  it('keeps every development convenience off in production unless it is named', () => {
    const off = parseConfig(PRODUCTION);
    expect(off.auth.localIdp).toBe(false);
    expect(off.testHooks).toBe(false);
    expect(off.eventsMine).toBe(false);
    expect(off.benchBaseline).toBe(false);
    expect(productionConveniences(off)).toEqual([]);
    // `auto` (the default) means off in production, on outside it.
    expect(parseConfig({ ...PRODUCTION, LOCAL_IDP: 'auto', EVENTS_MINE: 'auto' })).toMatchObject({
      auth: { localIdp: false },
      eventsMine: false,
    });
    expect(parseConfig({})).toMatchObject({ auth: { localIdp: true }, eventsMine: true });
  });

  it('turns each one on in production by its own name, with a loud line each', () => {
    const demo = parseConfig({
      ...PRODUCTION,
      LOCAL_IDP: 'on',
      TEST_HOOKS: 'true',
      EVENTS_MINE: 'on',
      BENCH_BASELINE: 'true',
    });
    expect(demo).toMatchObject({
      auth: { localIdp: true },
      testHooks: true,
      eventsMine: true,
      benchBaseline: true,
    });
    const lines = productionConveniences(demo);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^DEMO: .+ (is|are) ON in production \(/);
    expect(lines[0]).toContain(
      'DEMO: the bundled identity provider is ON in production (LOCAL_IDP=on) — anyone can sign in as a test account',
    );
    // One name turns one thing on.
    const one = parseConfig({ ...PRODUCTION, EVENTS_MINE: 'on' });
    expect(one).toMatchObject({ auth: { localIdp: false }, testHooks: false, eventsMine: true });
    expect(productionConveniences(one)).toEqual([
      expect.stringContaining('/api/events/mine is ON in production (EVENTS_MINE=on)'),
    ]);
    // Outside production they are the ordinary way to work: nothing to warn about.
    expect(productionConveniences(parseConfig({ TEST_HOOKS: 'true', LOCAL_IDP: 'on' }))).toEqual(
      [],
    );
  });
});
