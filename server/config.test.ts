import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('has defaults for a fresh machine', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seedScale: 1,
      databaseUrl: undefined,
      logFormat: 'pretty',
    });
    expect(config.pgliteDir).toMatch(/data\/db$/);
    expect(config.mediaBaseUrl).toBe('/media');
  });

  it('logs JSON in production', () => {
    expect(
      parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'a-production-secret-of-32-characters' })
        .logFormat,
    ).toBe('json');
  });

  it('requires AUTH_SECRET in production and client id and secret together', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET is required/);
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: 'abc' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/,
    );
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
});
