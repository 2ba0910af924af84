import { spawn, type ChildProcess } from 'node:child_process';
import { ONE_CLIENT_RATE_LIMITS } from '../../server/config';

/** `npm start` as a new user runs it (scripts/start.mjs: build if needed, then the server). */
export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Leads a process group of its own (`npm run dev`: the watcher and the host it restarts). */
  group?: boolean;
}

export { freePort } from '../free-port';

/** The settings that make every call of a start test reach the database, none of them limited. */
export const EVERY_CALL_TO_THE_DATABASE = {
  API_CACHE_TTL_MS: '0',
  PAGE_CACHE_TTL_MS: '0',
  ...ONE_CLIENT_RATE_LIMITS,
};

/** Stops a started process that is still running (SIGTERM); answers its exit code. */
export async function stop(started: Started | undefined): Promise<number | null> {
  if (!started) return null;
  if (started.child.exitCode === null && started.child.signalCode === null)
    started.child.kill('SIGTERM');
  const code = await started.exited;
  // The leader passes the signal on and waits for its children; whatever of the group outlived
  // it (a failed test) goes too.
  if (started.group && started.child.pid)
    try {
      process.kill(-started.child.pid, 'SIGKILL');
    } catch {
      // none left
    }
  return code;
}

/** Starts it with JSON logs on 127.0.0.1 and these settings over the environment's own. */
export function start(env: Record<string, string>): Started {
  return spawnScript('scripts/start.mjs', env, false);
}

/**
 * `npm run dev` (scripts/dev.mjs: the host from its sources, Vite's dev server in it), in a
 * process group of its own, which `stop` ends whole.
 */
export function startDev(env: Record<string, string>): Started {
  return spawnScript('scripts/dev.mjs', env, true);
}

function spawnScript(script: string, env: Record<string, string>, group: boolean): Started {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, LOG_FORMAT: 'json', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, group };
}

export async function waitForReady(port: number, started: Started): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`never ready:\n${started.output()}`);
}
