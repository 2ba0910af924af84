// `npm start`: build when the build is missing or older than the sources, then run it.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'server',
  'db',
  'contract',
  'app',
  'public',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
];
const stamp = 'build/.stamp';

function newestSource(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestSource(join(path, name))),
    stats.mtimeMs,
  );
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (built < Math.max(...SOURCES.map(newestSource))) {
  console.log(built ? 'Sources changed: rebuilding…' : 'First start: building…');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', 'build/host/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
