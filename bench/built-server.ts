import { spawn, type ChildProcess } from 'node:child_process';
import { ONE_CLIENT_RATE_LIMITS } from '../server/config';

/**
 * The built product (`npm run build`) in its own process on loopback, as the benchmarks measure
 * it: production mode, quiet logs, its own data folder (seeded on its first start). Whatever
 * development convenience a benchmark needs it names in `env` (bench:api: BENCH_BASELINE).
 */
export async function startBuiltServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  /** Node's own options, before the script (bench:web's profile: `--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const taken = await fetch(`${base}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Something already answers on ${base}: choose a free port.`);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'build/host/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-only-secret-of-at-least-32-characters',
      SITE_URL: base,
      LOG_LEVEL: 'warn',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      // One client (the load generator) makes every request: its budgets must not be what is measured.
      ...ONE_CLIENT_RATE_LIMITS,
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return child;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    if (Date.now() - started > 300_000) throw new Error('the server never became ready');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Stops it (SIGTERM, then SIGKILL after 10 s) and waits until it has exited. */
export async function stopBuiltServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
