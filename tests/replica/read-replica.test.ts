import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, readerOf } from '../../db/client';
import { cities } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, NO_CACHE } from '../api/client';
import { sessionOf } from '../api/sign-in';

/**
 * Public reads from a streaming replica (DATABASE_READ_URL, docs/decisions/040-read-replica.md),
 * against Debian's PostgreSQL and a real hot standby of it (scripts/with-postgres.sh with
 * PG_STANDBY=1). Pausing the standby's replay makes "which server answered" visible: a row changed
 * on the primary is old on the replica until replay resumes.
 */
const primaryUrl = process.env.TEST_DATABASE_URL!;
const readUrl = process.env.TEST_DATABASE_READ_URL!;

let primary: pg.Client;
let standby: pg.Client;

/** Waits until the standby has replayed everything the primary has written so far. */
async function caughtUp() {
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn() as lsn');
  for (let tries = 0; tries < 200; tries++) {
    const done = await standby.query<{ ok: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok',
      [rows[0]!.lsn],
    );
    if (done.rows[0]!.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the standby did not catch up within 10 s');
}

const pauseReplay = () => standby.query('select pg_wal_replay_pause()');
const resumeReplay = () => standby.query('select pg_wal_replay_resume()');

interface Place {
  clm_id: number;
  clm_name: string;
  clm_description: string;
}

beforeAll(async () => {
  primary = new pg.Client({ connectionString: primaryUrl });
  standby = new pg.Client({ connectionString: readUrl });
  await primary.connect();
  await standby.connect();
  const { rows } = await standby.query<{ standby: boolean }>(
    'select pg_is_in_recovery() as standby',
  );
  expect(rows[0]!.standby).toBe(true);
});

afterAll(async () => {
  await resumeReplay().catch(() => {});
  await primary?.end();
  await standby?.end();
});

describe('public reads from the read replica', () => {
  it('answers a visitor without a session from the replica, a signed-in one from the primary', async () => {
    const token = await sessionOf('Jonah Novak');
    const { rows } = await primary.query<{ id: number; name: string }>(
      'select id, name from locations order by id limit 1 offset 7',
    );
    const { id, name } = rows[0]!;
    await caughtUp();
    await pauseReplay();
    try {
      const renamed = `${name} (renamed ${Date.now()})`;
      await primary.query('update locations set name = $1 where id = $2', [renamed, id]);

      // NO_CACHE: which server answers, not what the read cache kept (ADR 071).
      const anonymous = await api<Place>(`/api/v2/locations/${id}`, { headers: NO_CACHE });
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.clm_name).toBe(name);

      const signedIn = await api<Place>(`/api/v2/locations/${id}`, {
        headers: { ...NO_CACHE, 'auth-token': token },
      });
      expect(signedIn.body.clm_name).toBe(renamed);

      await resumeReplay();
      await caughtUp();
      const later = await api<Place>(`/api/v2/locations/${id}`, { headers: NO_CACHE });
      expect(later.body.clm_name).toBe(renamed);
    } finally {
      await resumeReplay();
    }
  });

  it('shows an owner’s dashboard save to everyone at once, however far behind the replica is', async () => {
    const token = await sessionOf('Jonah Novak');
    const mine = await api<{ business_dashboard_locations: { clm_id: number }[] }>(
      '/api/user/3/business-dashboard-locations',
      { headers: { 'auth-token': token } },
    );
    const placeId = mine.body.business_dashboard_locations[0]!.clm_id;
    await caughtUp();
    await pauseReplay();
    try {
      const description = `Fresh masa every morning (${Date.now()}).`;
      const saved = await api(`/api/biz/locations/${placeId}/info`, {
        method: 'PUT',
        headers: { 'auth-token': token },
        body: {
          website: 'tacos.example.com',
          description,
          hours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
            (day) => ({ day, open: '11:00', close: '22:00' }),
          ),
        },
      });
      expect(saved.status).toBe(200);
      // The replica has not replayed the save: the public read after it came from the primary.
      const replicaRow = await standby.query<{ description: string }>(
        'select description from locations where id = $1',
        [placeId],
      );
      expect(replicaRow.rows[0]!.description).not.toBe(description);
      const anonymous = await api<Place>(`/api/v2/locations/${placeId}`, { headers: NO_CACHE });
      expect(anonymous.body.clm_description).toBe(description);
    } finally {
      await resumeReplay();
    }
  });

  it('sends a public read’s select, and its raw SQL through readerOf, to the replica, and nothing else', async () => {
    const handle = await openDatabase({ databaseUrl: primaryUrl, readUrl });
    try {
      const standbyOf = async (rows: Promise<unknown>) => JSON.stringify(await rows);
      const select = () =>
        standbyOf(
          handle.db
            .select({ standby: sql<boolean>`pg_is_in_recovery()` })
            .from(cities)
            .limit(1),
        );
      const raw = (db: typeof handle.db) =>
        standbyOf(db.execute(sql`select pg_is_in_recovery() as standby`));
      expect(await handle.fromReadReplica(select)).toContain('"standby":true');
      expect(await handle.fromReadReplica(() => raw(readerOf(handle.db)))).toContain(
        '"standby":true',
      );
      // Outside a public read, raw SQL (withReplicas' `execute`) and a transaction: the primary.
      expect(await select()).toContain('"standby":false');
      expect(await handle.fromReadReplica(() => raw(handle.db))).toContain('"standby":false');
      expect(
        await handle.fromReadReplica(() =>
          handle.db.transaction(async (tx) =>
            standbyOf(tx.execute(sql`select pg_is_in_recovery() as standby`)),
          ),
        ),
      ).toContain('"standby":false');
      // Right after a write of this process, public reads stay on the primary (ADR 040).
      handle.publicWrite();
      expect(await handle.fromReadReplica(select)).toContain('"standby":false');
    } finally {
      await handle.close();
    }
  });

  it('answers from the primary when the replica does not answer, and stays ready', async () => {
    // A replica nobody listens on: every connection to it is refused.
    const handle = await openDatabase({
      databaseUrl: primaryUrl,
      readUrl: 'postgres://spotreel@127.0.0.1:1/spotreel_test',
    });
    try {
      // A select: withReplicas sends it to the replica inside fromReadReplica (`execute` would
      // go to the primary whatever the replica does).
      const read = async () =>
        JSON.stringify(
          await handle.db
            .select({ standby: sql<boolean>`pg_is_in_recovery()` })
            .from(cities)
            .limit(1),
        );
      for (let i = 0; i < 3; i++) {
        expect(await handle.fromReadReplica(read)).toContain('"standby":false');
      }
      expect(await handle.faults.check()).toBeNull();
    } finally {
      await handle.close();
    }
  });
});
