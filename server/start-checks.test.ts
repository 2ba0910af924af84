import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PGLITE_MAX_SEED_SCALE, runtimeProblem, seedScaleProblem } from './start-checks';

describe('seedScaleProblem', () => {
  it('lets the embedded database seed up to its largest world', () => {
    expect(seedScaleProblem({ databaseUrl: undefined, seedScale: 1 })).toBeNull();
    expect(
      seedScaleProblem({ databaseUrl: undefined, seedScale: PGLITE_MAX_SEED_SCALE }),
    ).toBeNull();
  });

  it('names PostgreSQL above it, and never stops a PostgreSQL start', () => {
    const problem = seedScaleProblem({ databaseUrl: undefined, seedScale: 100 });
    expect(problem).toContain('SEED_SCALE=100');
    expect(problem).toContain('DATABASE_URL');
    expect(problem).toContain(`SEED_SCALE=${PGLITE_MAX_SEED_SCALE} or less`);
    expect(seedScaleProblem({ databaseUrl: 'postgres://x@h/db', seedScale: 1000 })).toBeNull();
  });
});

describe('runtimeProblem', () => {
  const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    engines: { node: string };
  };

  it('accepts the Node.js of package.json and newer, this process included', () => {
    expect(engines.node).toBe('>=24.11');
    expect(runtimeProblem(engines.node)).toBeNull();
    for (const version of ['24.11.0', '24.22.3', '25.0.0', '26.12.1'])
      expect(runtimeProblem(engines.node, version), version).toBeNull();
  });

  it('names an older Node.js and how to start instead', () => {
    expect(runtimeProblem(engines.node, '20.20.2')).toMatch(
      /runs on Node\.js 24\.11 or newer, and this is Node\.js 20\.20\.2; start it with `npm start`/,
    );
    // 24.0 to 24.10 came before 24 became LTS: oidc-provider warns on them.
    for (const version of ['22.22.0', '24.10.0', 'garbage'])
      expect(runtimeProblem(engines.node, version), version).not.toBeNull();
  });
});
