// The embedded database in a thread of its own (db/pglite-thread.ts): PGlite answers one query at
// a time on the thread it runs on, so on the request thread every query stalled every page render
// and health check. Plain JavaScript so that it runs as it is under tsx, Vitest and the build.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { preparedStatements } from './pglite-statements.mjs';
import { maskModesInThisThread } from './private-files.mjs';

/**
 * Drizzle reads dates, times and intervals as the text PostgreSQL sends (its own parsers in
 * drizzle-orm/pglite/session.js): functions cannot cross threads, so the same ones live here.
 */
const same = (value) => value;
const PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, same]),
);

/** An error as plain data: its message, stack and PostgreSQL's fields (code, detail, table…). */
function plainError(error) {
  const out = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    out.stack = error.stack;
    for (const [key, value] of Object.entries(error)) {
      if (['string', 'number', 'boolean'].includes(typeof value) || value === null)
        out[key] = value;
    }
  }
  return out;
}

const { dataDir, settings } = workerData;
// PGlite's files are made 0666 whatever the umask: this thread's modes lose group and other bits.
maskModesInThisThread();
const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
for (const statement of settings) await db.exec(statement);
const prepared = preparedStatements(db);

/** Open transactions by id: each waits for its end message. */
const ROLLED_BACK = new Error('rolled back');
const transactions = new Map();

async function run(message) {
  const { op, tx: txId } = message;
  const target = txId === undefined ? db : transactions.get(txId)?.tx;
  if (!target) throw new Error(`transaction ${txId} is not open`);
  // (commit and rollback name their transaction in `tx` too)
  switch (op) {
    case 'query':
      return prepared.query(
        message.sql,
        message.params ?? [],
        { rowMode: message.rowMode, parsers: PARSERS },
        txId !== undefined,
      );
    case 'exec':
      return target.exec(message.sql);
    case 'begin':
      // PGlite runs a transaction as a callback holding its lock: the callback waits here until
      // the owner on the other thread sends commit or rollback.
      return new Promise((opened, failed) => {
        const entry = {};
        entry.done = db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(entry, { tx, commit, rollback });
              transactions.set(message.id, entry);
              opened(message.id);
            }),
        );
        entry.done.catch(failed).finally(() => transactions.delete(message.id));
      });
    case 'commit': {
      const open = transactions.get(txId);
      open.commit();
      await open.done;
      return undefined;
    }
    case 'rollback': {
      const open = transactions.get(txId);
      open.rollback(ROLLED_BACK);
      await open.done.catch((error) => {
        if (error !== ROLLED_BACK) throw error;
      });
      return undefined;
    }
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

/** Posts an answer; one that cannot be copied to the other thread is sent as an error instead. */
function answer(id, result) {
  try {
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) });
  }
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => answer(message.id, result),
    (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
  );
});
parentPort.postMessage({ ready: true });
