// Builds what `npm start` runs: the web app (React Router: build/client, build/server) and
// the host process (build/host/main.js).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const web = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.cjs', 'build'], {
  stdio: 'inherit',
});
if (web.status !== 0) process.exit(web.status ?? 1);

// Vite's manifests are the build's own business: build/client is served to everyone.
rmSync('build/client/.vite', { recursive: true, force: true });
rmSync('build/server/.vite', { recursive: true, force: true });

// Scripts and styles never change under a name: compress them once, as hard as possible, so
// the server sends the smallest bytes without spending CPU per request (server/web.ts).
const assets = 'build/client/assets';
for (const name of readdirSync(assets).filter((n) => /\.(js|css|svg)$/.test(n))) {
  const body = readFileSync(join(assets, name));
  writeFileSync(
    join(assets, `${name}.br`),
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(join(assets, `${name}.gz`), gzipSync(body, { level: 9 }));
}

// The host, and the search index's thread beside it (server/search/search-thread.ts finds
// build/host/search-worker.js next to main.js): two bundles, each whole.
await build({
  entryPoints: { main: 'server/main.ts', 'search-worker': 'server/search/search-worker.ts' },
  outdir: 'build/host',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
mkdirSync('build', { recursive: true });
writeFileSync('build/.stamp', new Date().toISOString());
console.log(
  'built build/client, build/server (web app), build/host/main.js and build/host/search-worker.js',
);
