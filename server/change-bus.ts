import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

/**
 * What one replica tells the others after a write (docs/decisions/039-replicas.md): 'public'
 * when what public reads and pages show changed (their caches empty), 'flags' when the flag
 * definitions changed (the flag store reads them again).
 */
export type Change = 'public' | 'flags';

const CHANNEL = 'spotreel_changes';

export interface ChangeBus {
  /** Tells every other process on the database; this process has already acted on it. */
  publish(change: Change): void;
  /** Runs `handler` when another process publishes `change`, or when a lost connection resumes. */
  on(change: Change, handler: () => void): void;
  close(): Promise<void>;
}

/**
 * Several replicas on one PostgreSQL hear each other through LISTEN/NOTIFY on one channel. The
 * embedded database is one process: nothing is sent or heard. Each message names its sender, so
 * a process does not clear its caches twice for its own write. A lost connection may have missed
 * messages: every handler runs when it resumes.
 */
export async function createChangeBus(
  database: Pick<DatabaseHandle, 'kind' | 'notify' | 'listen'>,
  log: FastifyBaseLogger,
): Promise<ChangeBus> {
  const self = randomUUID();
  const handlers = new Map<Change, (() => void)[]>();
  const run = (change: Change) => {
    for (const handler of handlers.get(change) ?? []) handler();
  };
  const stop =
    database.kind === 'postgres'
      ? await database.listen(
          CHANNEL,
          (payload) => {
            const [sender, change] = payload.split(' ');
            if (sender === self) return;
            if (change === 'public' || change === 'flags') run(change);
          },
          () => {
            log.warn('replicas: the change channel reconnected; caches emptied');
            run('public');
            run('flags');
          },
        )
      : async () => {};
  return {
    publish(change) {
      if (database.kind !== 'postgres') return;
      database.notify(CHANNEL, `${self} ${change}`).catch((error: unknown) => {
        // The others' caches expire on their own (API_CACHE_TTL_MS, PAGE_CACHE_TTL_MS,
        // FLAGS_CACHE_MS): a lost message costs staleness, never a wrong write.
        log.warn({ err: error }, `replicas: could not announce a '${change}' change`);
      });
    },
    on(change, handler) {
      handlers.set(change, [...(handlers.get(change) ?? []), handler]);
    },
    close: stop,
  };
}
