// Builds what `npm start` runs: the web app (React Router: build/client, build/server) and
// the host process (build/host/main.js).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const web = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], {
  stdio: 'inherit',
});
if (web.status !== 0) process.exit(web.status ?? 1);

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/host/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
mkdirSync('build', { recursive: true });
writeFileSync('build/.stamp', new Date().toISOString());
console.log('built build/client, build/server (web app) and build/host/main.js');
