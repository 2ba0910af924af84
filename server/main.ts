import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { openDatabase } from '../db/client';
import { maintainPartitions, PARTITION_MAINTENANCE_MS } from '../db/partitions';
import { projectRoot } from '../db/project-root';
import { ensureTopicPages } from '../db/derived';
import { isSeeded, seedDatabase } from '../db/seed/run';
import { buildApp } from './app';
import { linkTestAccounts } from './auth/link-test-accounts';
import { ConfigError, parseConfig, productionConveniences } from './config';
import { displayPath, FlagFileError, startFlagFile } from './flags/flag-file';
import {
  CannotStart,
  checkDataDir,
  explainStartFailure,
  runtimeProblem,
  seedScaleProblem,
} from './start-checks';

async function main() {
  // Whatever this process writes (the data folder: database, media) is its owner's alone,
  // whatever umask it was started with (docs/decisions/061-private-data-folder.md).
  process.umask(0o077);
  const { version, engines } = JSON.parse(
    readFileSync(join(projectRoot(), 'package.json'), 'utf8'),
  ) as { version: string; engines: { node: string } };
  const oldRuntime = runtimeProblem(engines.node);
  if (oldRuntime) {
    console.error(new CannotStart(oldRuntime).message);
    process.exit(1);
  }
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A data folder that cannot be written, a database that cannot be opened or reached: one
  // sentence naming the cause, not a stack (docs/decisions/026-storage-faults.md).
  const named = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const reason = await explainStartFailure(error, config);
      throw reason ? new CannotStart(reason) : error;
    }
  };
  let madePrivate = 0;
  const database = await named(async () => {
    madePrivate = await checkDataDir(config);
    const opened = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      poolSize: config.databasePoolSize,
      readUrl: config.databaseReadUrl,
      readCatchUpMs: config.databaseReadCatchUpMs,
      queryCaptureFile: config.queryCaptureFile,
    });
    await opened.ping();
    return opened;
  });
  const app = await buildApp({ config, database, version });
  const log = app.log;
  // A production instance with a development convenience on is a demo: say so loudly, once each.
  for (const line of productionConveniences(config)) log.warn(line);
  if (madePrivate > 0)
    log.warn(
      `data folder: ${madePrivate} files and folders others could read or write made private`,
    );
  log.info(
    `database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : `PostgreSQL server${config.databaseReadUrl ? ', public reads from its read replica' : ''}`}`,
  );

  // Replicas starting together take turns: the first migrates (and seeds an empty database),
  // the others wait and find it done (ADR 039).
  const prepared = database.exclusively(async () => {
    const partitions = await named(() => database.migrate());
    log.info(
      `database: migrations applied; partitions: ${partitions.created.length} months made, ` +
        `${partitions.dropped.length} past retention dropped`,
    );
    if (config.seedMode === 'auto' && !(await isSeeded(database.db))) {
      // A world too big for the embedded database: say so before the seed begins, not after an hour.
      const tooBig = seedScaleProblem(config);
      if (tooBig) throw new CannotStart(tooBig);
      log.info(`seed: first start, seeding the world at scale ${config.seedScale}`);
      await named(() =>
        seedDatabase(database.db, {
          scale: config.seedScale,
          mediaDir: config.mediaDir,
          log: (m) => log.info(m),
        }),
      );
    } else if (await named(() => ensureTopicPages(database.db))) {
      log.info('topic pages: built for a world seeded before them (ADR 080)');
    }
  });
  await prepared.catch(async (error: unknown) => {
    if (error instanceof CannotStart) await database.close();
    throw error;
  });
  // Months ahead are made, months past retention dropped, while the server runs (ADR 037).
  const maintenance = setInterval(() => {
    maintainPartitions(database.db).then(
      (done) => {
        if (done.created.length + done.dropped.length > 0)
          log.info(
            `partitions: made ${done.created.join(', ') || 'none'}; dropped ${done.dropped.join(', ') || 'none'}`,
          );
        if (done.kept.length > 0)
          log.warn(`partitions: ${done.kept.join(', ')} past retention, not dropped yet (busy)`);
      },
      (error: unknown) =>
        log.warn({ err: error }, 'partitions: maintenance failed; next try in an hour'),
    );
  }, PARTITION_MAINTENANCE_MS);
  maintenance.unref();
  // A bad flags file stops the boot with its problems listed; later bad edits only log.
  const flagFile = await startFlagFile(database.db, {
    path: config.flags.file,
    log,
    store: app.flags,
  });
  log.info(`flags: ${flagFile.applied.flags} flags from ${displayPath(config.flags.file)}`);
  if (config.auth.localIdp) {
    await linkTestAccounts(database.db);
    log.info('auth: the bundled identity provider plays Google, Facebook and Apple at /idp');
  }
  if (config.conveniencesLoopbackOnly && (config.auth.localIdp || config.eventsMine))
    log.warn(
      `HOST=${config.host} lets other machines in: the bundled identity provider, its test accounts and /api/events/mine answer this machine (loopback) only; NODE_ENV=production turns them off`,
    );

  // Built in the background: searches use SQL until it is ready (ADR 035).
  if (config.searchIndex.on) void app.searchIndex.start();

  // SIGTERM/SIGINT: stop accepting, let requests in flight finish, then close the database.
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info(`${signal}: shutting down`);
    clearInterval(maintenance);
    await flagFile.close();
    await app.close();
    await database.close();
    log.info('shut down cleanly');
  });

  await app.listen({ port: config.port, host: config.host });
  log.info(`Spotreel is ready on ${config.siteUrl} (listening on ${config.host}:${config.port})`);
}

main().catch((error: unknown) => {
  // A bad flags file is a configuration problem, a full or read-only data folder or an
  // unreachable database an operator's: their sentences, not a stack.
  console.error(
    error instanceof FlagFileError || error instanceof CannotStart ? error.message : error,
  );
  process.exit(1);
});
