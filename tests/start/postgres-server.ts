import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './npm-start';

/**
 * A throwaway PostgreSQL server that a test can stop and start again (as scripts/with-postgres.sh
 * runs one for the API suite): the Debian package's binaries, run as the `postgres` user when
 * the test runs as root (initdb refuses root).
 */
export interface PostgresServer {
  url: string;
  /** pg_ctl stop: `fast` tells clients (57P01), `immediate` just goes, as a crash would. */
  stop(mode: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops it if running and removes its files. */
  close(): void;
}

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(root, versions.at(-1)!, 'bin') : null;
}

export const postgresInstalled = postgresBin() !== null;

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'spotreel-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--no-create-home', 'postgres']);
    }
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
  }
  const run = (command: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, command),
      asRoot ? ['-u', 'postgres', '--', join(bin, command), ...args] : args,
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'spotreel', '--auth=trust', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
      'start',
    ]);
  let running = false;
  const server: PostgresServer = {
    url: `postgres://spotreel@127.0.0.1:${port}/spotreel_test`,
    start() {
      start();
      running = true;
    },
    stop(mode) {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    close() {
      if (running) server.stop('fast');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    server.start();
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'spotreel', 'spotreel_test']);
  } catch (error) {
    server.close();
    throw error;
  }
  return server;
}
