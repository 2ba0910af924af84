// `npm start`: build when the build is missing or older than the sources, then run it.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The runtime `npm install` brought runs this (node_modules/.bin/node, ADR 059); an older `node`
// run by hand is told so before it builds anything. The oldest is package.json's engines (the
// host checks the same: runtimeProblem in server/start-checks.ts).
const oldest = JSON.parse(readFileSync('package.json', 'utf8')).engines.node.replace(/^>=\s*/, '');
const [major, minor] = process.versions.node.split('.').map(Number);
const [oldestMajor, oldestMinor] = oldest.split('.').map(Number);
if (major < oldestMajor || (major === oldestMajor && minor < oldestMinor)) {
  console.error(
    `Spotreel runs on Node.js ${oldest} or newer, and this is Node.js ${process.versions.node}: ` +
      'run `npm install`, then `npm start` (npm runs the Node.js that npm install brought).',
  );
  process.exit(1);
}

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
