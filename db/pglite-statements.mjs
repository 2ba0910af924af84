// Named prepared statements for the embedded database (docs/decisions/030-prepared-statements.md).
// Plain JavaScript beside db/pglite-worker.mjs, which uses it.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * A kept statement that no longer fits its table (PostgreSQL's "cached plan must not change result
 * type", 0A000, which also covers other unsupported features) or that the database no longer has
 * (26000): it is closed, dropped from the cache and, outside a transaction, prepared again once.
 */
const isStale = (error) =>
  error?.code === '26000' ||
  (error?.code === '0A000' && /cached plan must not change result type/.test(error.message ?? ''));

function joined(first, second) {
  const out = new Uint8Array(first.length + second.length);
  out.set(first, 0);
  out.set(second, first.length);
  return out;
}

/**
 * PGlite's `query` parses, describes and plans every statement anew, in six calls into the
 * database: a place page's five reads cost about 4.5 ms of the database thread, most of it that.
 * Here each distinct SQL text is parsed and described once, under a name; later calls only bind
 * their values and execute (two calls, PostgreSQL's plan cache deciding between a custom and a
 * generic plan). Values still travel apart from the SQL text, as in PGlite's own `query`; the
 * answers are parsed by PGlite's own parser, so they are the same rows and fields.
 *
 * The cache holds at most `limit` statements (the SQL of the product is a few hundred texts; lists
 * of ids of varying length make more); the least recently used is closed past that.
 */
export function preparedStatements(db, { limit = 500 } = {}) {
  /** SQL text → { name, types (parameter type ids), row (its rowDescription message or null) } */
  const statements = new Map();
  let next = 1;

  const call = (bytes) => db.execProtocolStream(bytes, { syncToFs: false });

  async function statementFor(sql) {
    const known = statements.get(sql);
    if (known) {
      // Most recently used last: the first key is the one to close when the cache is full.
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const name = `spotreel_${next++}`;
    await call(serialize.parse({ name, text: sql }));
    const described = await call(serialize.describe({ type: 'S', name }));
    const statement = {
      name,
      types: parse.parseDescribeStatementResults(described),
      row: described.find((message) => message.name === 'rowDescription') ?? null,
    };
    statements.set(sql, statement);
    if (statements.size > limit) {
      const [oldestSql, oldest] = statements.entries().next().value;
      statements.delete(oldestSql);
      await call(serialize.close({ type: 'S', name: oldest.name }));
    }
    return statement;
  }

  /** One statement, with the database already held by the caller (PGlite's query lock). */
  async function run(sql, params, options, inTransaction) {
    const messages = [];
    let statement;
    try {
      statement = await statementFor(sql);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[statement.types[index]];
        return serializer ? serializer(value) : value.toString();
      });
      messages.push(
        ...(await call(
          joined(serialize.bind({ statement: statement.name, values }), serialize.execute({})),
        )),
      );
    } catch (error) {
      if (statement && isStale(error)) {
        statements.delete(sql);
        // After an error the database skips every message up to the sync: the close goes after it.
        // (Closing a name the database no longer has is no error.)
        await call(serialize.sync());
        await call(serialize.close({ type: 'S', name: statement.name }));
      }
      throw error;
    } finally {
      messages.push(...(await call(serialize.sync())));
    }
    if (!inTransaction) await db.syncToFs();
    const answer = statement.row ? [statement.row, ...messages] : messages;
    return parse.parseResults(answer, db.parsers, options)[0];
  }

  return {
    /**
     * Runs one statement: outside a transaction it waits its turn like PGlite's `query`; inside
     * one (`inTransaction`), the transaction already holds the database. A statement whose table
     * changed shape under it is prepared again once, outside a transaction.
     */
    async query(sql, params, options, inTransaction) {
      if (inTransaction) return db._runExclusiveQuery(() => run(sql, params, options, true));
      await db._checkReady();
      return db._runExclusiveTransaction(async () => {
        try {
          return await db._runExclusiveQuery(() => run(sql, params, options, false));
        } catch (error) {
          if (!isStale(error)) throw error;
          return db._runExclusiveQuery(() => run(sql, params, options, false));
        }
      });
    },
    get size() {
      return statements.size;
    },
  };
}
