import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { STORAGE_FAULT_SENTENCES } from '../db/storage-faults';
import { STORAGE_RETRY_AFTER_SECONDS } from './errors';

/**
 * GET /healthz: the process is up. GET /readyz: and the database answers and can write
 * (docs/decisions/026-storage-faults.md). A call that fails with a storage fault (a full disk, a
 * read-only database, a server that stopped) makes /readyz answer 503 until a probe finds the
 * database well again; reads that still work go on being served meanwhile.
 */
export function registerHealth(app: FastifyInstance, database: DatabaseHandle) {
  const { faults } = database;
  // Every route's failure is looked at: a storage fault is recorded for /readyz (registered
  // before the API and the web app, so the hook applies to their routes).
  app.addHook('onError', async (_request, _reply, error) => {
    faults.report(error);
  });
  // Said once when it starts and once when it ends, not on every failed call.
  faults.onChange((fault) => {
    if (fault)
      app.log.warn(
        { fault: fault.kind, detail: fault.detail },
        `database: ${STORAGE_FAULT_SENTENCES[fault.kind]}`,
      );
    else app.log.info('database: answering and writing again');
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const fault = await faults.check();
    // `search`: whether searches are answered from the in-process index yet, or by SQL (ADR 035).
    const search = app.hasDecorator('searchIndex') && app.searchIndex.ready ? 'index' : 'sql';
    if (!fault) return reply.send({ status: 'ready', database: database.kind, search });
    return reply.code(503).header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS)).send({
      error: 'not_ready',
      message: STORAGE_FAULT_SENTENCES[fault.kind],
      fault: fault.kind,
    });
  });
}
