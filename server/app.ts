import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../db/client';
import { accountRoutes } from './api/accounts';
import { businessRoutes } from './api/business';
import { campaignRoutes } from './api/campaigns';
import { productApi } from './api/product-api';
import { createReadRegistry } from './api/read-route';
import { registerFederation } from './auth/federation';
import { createIdTokenService } from './auth/id-tokens';
import { registerLocalIdp } from './auth/local-idp';
import { createSessionStore } from './auth/sessions';
import { registerAccessLog } from './access-log';
import { registerBenchBaseline } from './bench-baseline';
import { createChangeBus } from './change-bus';
import { capConnectionsPerAddress, timeoutOptions } from './connections';
import type { Config } from './config';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './errors';
import { FairQueue } from './fair-queue';
import { createFlagStore, type FlagStore } from './flags/flag-store';
import { registerHealth } from './health';
import { registerInputRules } from './input-rules';
import { loggerOptions } from './logger';
import { registerMediaHost } from './media/media-host';
import { writeAppQrCode } from './media/qr-code';
import { mediaUrls } from './media/urls';
import { registerOpenApi } from './openapi';
import { registerRateLimits } from './rate-limits';
import { createPageCache } from './page-cache';
import { createReadCache } from './read-cache';
import { answeredPastFastify, createClaimReceipts, securityPlugin } from './security';
import { SearchThread } from './search/search-thread';
import { registerSeo } from './seo';
import { registerWebApp } from './web';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature flags per distinct id (server/flags/flag-store.ts); the pages embed them. */
    flags: FlagStore;
    /** The in-process search index (ADR 035): `start()` once the database is seeded. */
    searchIndex: SearchThread;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  version: string;
  /** Where the log goes instead of standard output (tests read it): JSON lines. */
  logStream?: { write(line: string): void };
}

/** The whole host process (docs/decisions/003-layout.md): /api, /media, health and the web app. */
export async function buildApp({
  config,
  database,
  version,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const timeouts = timeoutOptions(config.connections);
  const app = Fastify({
    logger: logStream
      ? { ...(loggerOptions({ ...config, logFormat: 'json' }) as object), stream: logStream }
      : loggerOptions(config),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given)
        ? given
        : randomUUID();
    },
    // The client's address is the one the last trusted proxy saw (docs/decisions/027-rate-limits.md).
    trustProxy:
      config.trustProxyHops > 0
        ? (_address: string, hop: number) => hop < config.trustProxyHops
        : false,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 300 },
    // Refusals Fastify and Node write themselves answer in ErrorBody too; a request without
    // Host reaches the app, which refuses it the same way (server/input-rules.ts).
    frameworkErrors,
    clientErrorHandler,
    // Slow clients are closed in time (docs/decisions/065-slow-clients.md).
    ...timeouts,
    http: { ...timeouts.http, requireHostHeader: false },
    // One line a request, refusals counted under a flood (server/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  registerAccessLog(app);
  capConnectionsPerAddress(app.server, config.connections.maxPerAddress, app.log);

  // Replicas on one PostgreSQL tell each other what a write changed (docs/decisions/039-replicas.md).
  const changes = await createChangeBus(database, app.log);
  app.addHook('onClose', () => changes.close());
  // The definitions come from config/flags.json, applied by the boot (server/main.ts); an apply
  // here makes every replica read them again.
  const flagStore = createFlagStore(database.db, {
    cacheMs: config.flags.cacheMs,
    log: app.log,
  });
  changes.on('flags', () => flagStore.invalidate());
  app.decorate('flags', {
    evaluate: (distinctId) => flagStore.evaluate(distinctId),
    uniformValues: () => flagStore.uniformValues(),
    invalidate() {
      flagStore.invalidate();
      changes.publish('flags');
    },
  } satisfies FlagStore);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // spec §7: every call sends a JSON content type, bodiless ones too.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // The API speaks JSON only: anything else is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Which replica answered, behind a load balancer (REPLICA_NAME); on the raw response where
    // the bundled provider writes the answer itself (hijacked), so that it says it too.
    if (config.replicaName) {
      if (answeredPastFastify(request)) reply.raw.setHeader('x-replica', config.replicaName);
      else reply.header('x-replica', config.replicaName);
    }
    done();
  });

  registerErrorHandling(app);
  registerInputRules(app);
  await app.register(fastifyCookie);
  await app.register(securityPlugin, { config });
  await registerRateLimits(app, config, database.db);
  // The one read cache (ADR 071): public read answers for /api calls and page renders alike.
  const readCache = createReadCache({
    ttlMs: config.apiCacheTtlMs,
    maxEntries: config.apiCacheMaxEntries,
    maxBytes: config.apiCacheMaxBytes,
  });
  app.addHook('onClose', async () => readCache.close());
  // The read cache keeps plain text: each answer is compressed on the way out.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerOpenApi(app, version);

  await writeAppQrCode(config.mediaDir, config.appLinkBase);
  registerHealth(app, database);
  registerSeo(app, database.db, config);
  if (config.benchBaseline) registerBenchBaseline(app);
  await registerMediaHost(app, config.mediaDir);
  const idTokens = createIdTokenService({
    secret: config.auth.secret,
    issuer: `${config.siteUrl}/auth`,
  });
  const sessions = createSessionStore(database.db, {
    idleMs: config.auth.sessionIdleMs,
    maxMs: config.auth.sessionMaxMs,
  });
  const localIdp = config.auth.localIdp ? await registerLocalIdp(app, config, database.db) : null;
  await registerFederation(app, { config, db: database.db, idTokens, localIdp });
  const pageCache = createPageCache({
    ttlMs: config.pageCacheTtlMs,
    maxBytes: config.pageCacheMaxBytes,
  });
  // In a thread of its own, with a heap of its own (ADR 045).
  const searchIndex = new SearchThread({
    databaseUrl: config.databaseUrl,
    queryCaptureFile: config.queryCaptureFile,
    mediaBaseUrl: config.mediaBaseUrl,
    syncMs: config.searchIndex.syncMs,
    embeddedQuery: database.embeddedQuery,
    log: app.log,
  });
  app.decorate('searchIndex', searchIndex);
  app.addHook('onClose', () => searchIndex.stop());
  const reads = createReadRegistry({
    cache: readCache,
    testHooks: config.testHooks,
    fromReadReplica: database.fromReadReplica,
  });
  /** Empties what keeps public answers: the read cache and the page cache (ADR 071). */
  const clearPublicCaches = () => {
    readCache.clear();
    pageCache.clear();
  };
  /**
   * The one place public data changing is acted on, on every replica: this one's write
   * (ApiContext.publicDataChanged) and another replica's, heard on the change bus. Resolves once
   * the search index has the change too.
   */
  const forgetPublicAnswers = async (): Promise<void> => {
    // Public reads go to the primary until the read replica has replayed the write (ADR 040).
    database.publicWrite();
    clearPublicCaches();
    // A write's place or person is in the search index at once, on every replica (ADR 035, 039);
    // a search answered from the index before it had the write may have been kept meanwhile.
    await searchIndex.sync();
    clearPublicCaches();
  };
  changes.on('public', () => void forgetPublicAnswers());
  await app.register(
    productApi(
      {
        db: database.db,
        media: mediaUrls(config.mediaBaseUrl),
        config,
        reads,
        // The embedded database answers one query at a time: one search at a time lets every
        // other query in between; a PostgreSQL pool keeps half its connections for the rest.
        searchQueue: new FairQueue({
          concurrency:
            database.kind === 'pglite' ? 1 : Math.max(1, Math.floor(config.databasePoolSize / 2)),
          perClient: 2,
          maxWaiting: 64,
          what: 'searches',
        }),
        searchIndex: config.searchIndex.on ? searchIndex : null,
        publicDataChanged: async () => {
          changes.publish('public');
          // The writer's next search already finds the change: the answer waits for this
          // replica's index (a sync never fails; it logs), two seconds at most.
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            forgetPublicAnswers(),
            new Promise<void>((resolve) => (timer = setTimeout(resolve, 2_000))),
          ]);
          clearTimeout(timer);
        },
      },
      [
        accountRoutes({ sessions, idTokens }),
        businessRoutes({ sessions, receipts: createClaimReceipts(config.auth.secret) }),
        campaignRoutes({ sessions }),
      ],
    ),
    { prefix: '/api' },
  );
  await app.after();
  reads.assertComplete();
  await registerWebApp(app, config, version, app.flags, reads, pageCache);
  return app;
}
