import pg from 'pg';

/**
 * A database of a test file's own, beside TEST_DATABASE_URL's on its PostgreSQL server (made
 * empty, under `<name>_<suffix>`); undefined on the embedded database, whose files are the test's.
 */
export async function ownDatabaseUrl(suffix: string): Promise<string | undefined> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) return undefined;
  const url = new URL(shared);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.href;
}
