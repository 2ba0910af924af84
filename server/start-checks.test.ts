import { describe, expect, it } from 'vitest';
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
  it('accepts Node.js 24 and newer, this process included', () => {
    expect(runtimeProblem()).toBeNull();
    expect(runtimeProblem('24.11.0')).toBeNull();
    expect(runtimeProblem('25.0.0')).toBeNull();
    expect(runtimeProblem('26.12.1')).toBeNull();
  });

  it('names an older Node.js and how to start instead', () => {
    expect(runtimeProblem('20.20.2')).toMatch(
      /runs on Node\.js 24\.11 LTS or newer, and this is Node\.js 20\.20\.2; start it with `npm start`/,
    );
    expect(runtimeProblem('22.22.0')).not.toBeNull();
    // 24.0 to 24.10 came before 24 became LTS: oidc-provider warns on them.
    expect(runtimeProblem('24.10.0')).not.toBeNull();
  });
});
