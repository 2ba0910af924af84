import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import {
  faultDetail,
  probeFolder,
  storageFaultOf,
  StorageFaults,
  type StorageFaultKind,
} from './storage-faults';

/** A port nothing listens on: a connection to it is refused. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('storageFaultOf, on errors of the request itself', () => {
  it('never names a refused request a storage fault (a body the client broke off)', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(storageFaultOf(aborted)).toBeNull();
    // The same code from the database's connection is one.
    expect(
      storageFaultOf(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
    ).toBe('unavailable');
  });

  it("keeps a query's values out of a fault's detail", () => {
    const error = Object.assign(
      new Error('Failed query: insert into "users" ("email") values ($1)\nparams: ada@example.com'),
      {
        cause: Object.assign(new Error('could not extend file: No space left on device'), {
          code: '53100',
        }),
      },
    );
    expect(faultDetail(error)).toBe('53100: could not extend file: No space left on device');
    expect(faultDetail(new Error('Failed query: select 1\nparams: ada@example.com'))).toBe(
      'Failed query: select 1',
    );
  });
});

describe('storageFaultOf, on errors the drivers really throw', () => {
  let embedded: DatabaseHandle;
  beforeAll(async () => {
    embedded = await openDatabase({});
    await embedded.db.execute(sql`create table probe_rows (id int primary key)`);
    await embedded.db.execute(sql`insert into probe_rows values (1)`);
  }, 60_000);
  afterAll(() => embedded.close());

  it('names a PostgreSQL server that refuses the connection unavailable', async () => {
    const server = await openDatabase({
      databaseUrl: `postgres://spotreel@127.0.0.1:${await closedPort()}/none`,
    });
    try {
      const viaPing = await failureOf(() => server.ping());
      expect(storageFaultOf(viaPing)).toBe('unavailable');
      // through Drizzle, which wraps the driver's error
      const viaDrizzle = await failureOf(() => server.db.execute(sql`select 1`));
      expect(storageFaultOf(viaDrizzle)).toBe('unavailable');
    } finally {
      await server.close();
    }
  });

  it('names a write to a read-only database read_only (SQLSTATE 25006, across the thread)', async () => {
    const error = await failureOf(() =>
      embedded.db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        await tx.execute(sql`insert into probe_rows values (2)`);
      }),
    );
    expect(storageFaultOf(error)).toBe('read_only');
  });

  it('leaves every other database error alone', async () => {
    const duplicate = await failureOf(() =>
      embedded.db.execute(sql`insert into probe_rows values (1)`),
    );
    expect(storageFaultOf(duplicate)).toBeNull();
    const badSql = await failureOf(() => embedded.db.execute(sql`select * from no_such_table`));
    expect(storageFaultOf(badSql)).toBeNull();
    expect(storageFaultOf(new Error('something else'))).toBeNull();
    expect(storageFaultOf(null)).toBeNull();
  });
});

describe('storageFaultOf, by the codes and messages the drivers use', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it.each<[string, unknown, StorageFaultKind]>([
    ['disk_full (53100)', pgError('53100', 'could not extend file'), 'full'],
    ['a full disk under Drizzle', new DrizzleQueryError('insert', [], pgError('53100')), 'full'],
    ['admin_shutdown (57P01)', pgError('57P01', 'terminating connection'), 'unavailable'],
    ['cannot_connect_now (57P03)', pgError('57P03'), 'unavailable'],
    ['a connection failure (08006)', pgError('08006'), 'unavailable'],
    ['an io_error saying the disk is full', pgError('58030', 'No space left on device'), 'full'],
    ['ENOSPC from the file system', pgError('ENOSPC'), 'full'],
    ['EROFS from the file system', pgError('EROFS'), 'read_only'],
    ["PGlite's file system: no space", { name: 'ErrnoError', errno: 51 }, 'full'],
    ["PGlite's file system: read-only", { name: 'ErrnoError', errno: 69 }, 'read_only'],
    ['a dropped connection', new Error('Connection terminated unexpectedly'), 'unavailable'],
    [
      'a pool that could not connect',
      new Error('timeout exceeded when trying to connect'),
      'unavailable',
    ],
    [
      'each address of a host refused',
      new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]),
      'unavailable',
    ],
  ])('%s', (_name, error, kind) => {
    expect(storageFaultOf(error)).toBe(kind);
  });

  it.each<[string, unknown]>([
    ['a unique violation', pgError('23505')],
    ['a value out of range', pgError('22003')],
    ['a permission error of the database', pgError('42501')],
    ["another of PGlite's file errors", { name: 'ErrnoError', errno: 44 }],
  ])('not %s', (_name, error) => {
    expect(storageFaultOf(error)).toBeNull();
  });
});

describe('probeFolder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'spotreel-probe-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds a folder that takes a write well, and leaves nothing behind', async () => {
    expect(await probeFolder(dir)).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('throws what is not a storage fault (a folder that is not there)', async () => {
    await expect(probeFolder(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('StorageFaults', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

  function faultsWith(options: { holdMs?: number; probeTimeoutMs?: number } = {}) {
    let probe: () => Promise<StorageFaultKind | null> = () => Promise.resolve(null);
    const faults = new StorageFaults(() => probe(), options);
    const changes: (StorageFaultKind | null)[] = [];
    faults.onChange((fault) => changes.push(fault?.kind ?? null));
    return {
      faults,
      changes,
      probeWith: (next: typeof probe) => {
        probe = next;
      },
    };
  }

  it('shares one probe between the checks made while it runs', async () => {
    const { faults, probeWith } = faultsWith();
    let probes = 0;
    let finish!: () => void;
    probeWith(() => {
      probes += 1;
      return new Promise((resolve) => (finish = () => resolve(null)));
    });
    const checks = [faults.check(), faults.check(), faults.check()];
    finish();
    expect(await Promise.all(checks)).toEqual([null, null, null]);
    expect(probes).toBe(1);
    probeWith(async () => {
      probes += 1;
      return null;
    });
    await faults.check();
    expect(probes).toBe(2);
  });

  it('records a storage fault a call failed with, once, and ignores other errors', () => {
    const { faults, changes } = faultsWith();
    expect(faults.report(new Error('a bug'))).toBeNull();
    expect(faults.current).toBeNull();
    expect(faults.report(refused)).toBe('unavailable');
    expect(faults.report(refused)).toBe('unavailable');
    expect(faults.current).toMatchObject({
      kind: 'unavailable',
      detail: 'ECONNREFUSED: connect ECONNREFUSED',
    });
    expect(changes).toEqual(['unavailable']);
  });

  it('forgets a fault once a probe passes and no call failed with it for holdMs', async () => {
    const { faults, changes } = faultsWith({ holdMs: 150 });
    faults.report(Object.assign(new Error('disk full'), { code: '53100' }));
    // the probe passes, but a write failed a moment ago: a probe cannot see every full disk
    expect((await faults.check())?.kind).toBe('full');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await faults.check()).toBeNull();
    expect(changes).toEqual(['full', null]);
  });

  it('records what the probe finds, and a probe that fails or hangs as unavailable', async () => {
    const { faults, changes, probeWith } = faultsWith({ holdMs: 0, probeTimeoutMs: 100 });
    probeWith(() => Promise.resolve('read_only'));
    expect((await faults.check())?.kind).toBe('read_only');
    probeWith(() => Promise.reject(refused));
    expect((await faults.check())?.kind).toBe('unavailable');
    probeWith(() => Promise.reject(new Error('XLogBeginInsert was already called')));
    expect(await faults.check()).toMatchObject({
      kind: 'unavailable',
      detail: 'XLogBeginInsert was already called',
    });
    probeWith(() => new Promise(() => {}));
    expect(await faults.check()).toMatchObject({
      kind: 'unavailable',
      detail: 'the database did not answer within 100 ms',
    });
    probeWith(() => Promise.resolve(null));
    expect(await faults.check()).toBeNull();
    expect(changes).toEqual(['read_only', 'unavailable', null]);
  });
});
