import { describe, expect, it } from 'vitest';
import { PGLITE_MAX_SEED_SCALE, seedScaleProblem } from './start-checks';

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
