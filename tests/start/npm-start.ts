import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** `npm start` as a new user runs it (scripts/start.mjs: build if needed, then the server). */
export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts it with JSON logs on 127.0.0.1 and these settings over the environment's own. */
export function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, LOG_FORMAT: 'json', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
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
