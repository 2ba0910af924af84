import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client';
import { relatedLocations } from '../../db/schema';
import { relatedOfAll } from '../../db/seed/related';
import { seedDatabase } from '../../db/seed/run';
import { buildApp } from '../../server/app';
import { linkTestAccounts } from '../../server/auth/link-test-accounts';
import { ONE_CLIENT_RATE_LIMITS, parseConfig } from '../../server/config';
import { startFlagFile } from '../../server/flags/flag-file';
import { resetDatabase } from './reset-database';
import { freePort } from '../free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseKind: 'pglite' | 'postgres';
    /** The test server's whole log, every level, as JSON lines (tests/api/logs.test.ts reads it). */
    logFile: string;
    /** A location with related places (stored). */
    relatedLocationId: number;
    /** A location whose related places were never computed (it has some). */
    uncachedLocationId: number;
  }
}

/**
 * Starts the real host process in this test run: a freshly migrated and seeded database
 * (embedded PGlite, or the PostgreSQL server of TEST_DATABASE_URL) behind a real HTTP port.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'spotreel-api-'));
  const port = await freePort();
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    // Every level to a file, read by tests/api/logs.test.ts (and by whoever debugs a failure).
    LOG_LEVEL: 'trace',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    // The replica project (tests/replica/) reads public answers from a streaming replica.
    // The plan check's input (ADR 041): every statement the suite makes the server send.
    QUERY_CAPTURE_FILE: process.env.QUERY_CAPTURE_FILE,
    DATABASE_READ_URL: project.name === 'replica' ? process.env.TEST_DATABASE_READ_URL : undefined,
    // One client (this machine) makes every request of the suite.
    ...ONE_CLIENT_RATE_LIMITS,
    FLAGS_FILE: 'tests/api/flags.json',
    // tests run on any date: the giveaway is open for them
    GIVEAWAY_OPENS: '2020-01-01T00:00:00Z',
    GIVEAWAY_CLOSES: '2099-12-31T23:59:59Z',
  });
  if (config.databaseUrl) await resetDatabase(config.databaseUrl);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    readUrl: config.databaseReadUrl,
    readCatchUpMs: config.databaseReadCatchUpMs,
    queryCaptureFile: config.queryCaptureFile,
  });
  await database.migrate();
  const world = await seedDatabase(database.db, {
    scale: 1,
    mediaDir: config.mediaDir,
    log: () => {},
  });
  await linkTestAccounts(database.db);
  // A place alone of its kind nearby has no related places (ADR 075): these two have some.
  const related = relatedOfAll(world.locations);
  const withRelated = world.locations.filter((l) => (related.get(l.id)?.length ?? 0) > 0);
  const uncached = withRelated.at(-1)!.id;
  await database.db.delete(relatedLocations).where(eq(relatedLocations.locationId, uncached));
  const logFile = join(dataDir, 'server.log');
  const logStream = createWriteStream(logFile);
  const app = await buildApp({ config, database, version: 'test', logStream });
  const flagFile = await startFlagFile(database.db, {
    path: config.flags.file,
    log: app.log,
    store: app.flags,
  });
  // Searches use SQL until the index is built; the suite tests the index (ADR 035).
  await app.searchIndex.start();
  // In its own thread (ADR 045): one that did not build would leave the suite testing SQL.
  if (!app.searchIndex.ready) throw new Error('The search index did not build: see the log above');
  await app.listen({ port, host: '127.0.0.1' });
  project.provide('baseUrl', config.siteUrl);
  project.provide('databaseKind', database.kind);
  project.provide('relatedLocationId', withRelated[0]!.id);
  project.provide('uncachedLocationId', uncached);
  project.provide('logFile', logFile);

  return async () => {
    await flagFile.close();
    await app.close();
    await database.close();
    await new Promise((resolve) => logStream.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}
