// Builds what `npm start` runs: the web app (React Router: build/client, build/server) and
// the host process (build/host/main.js).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const web = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.cjs', 'build'], {
  stdio: 'inherit',
});
if (web.status !== 0) process.exit(web.status ?? 1);

// Vite's manifest of the client build names each screen's chunk (server/screen-preloads.ts).
// It is kept beside the build, not under build/client, which is served to everyone.
renameSync('build/client/.vite/manifest.json', 'build/client-manifest.json');
rmSync('build/client/.vite', { recursive: true, force: true });
rmSync('build/server/.vite', { recursive: true, force: true });
const manifest = JSON.parse(readFileSync('build/client-manifest.json', 'utf8'));
for (const [key, chunk] of Object.entries(manifest)) {
  // A screen's CSS is linked with every page (vite.config.ts); its own would arrive unlinked.
  if (key.startsWith('app/screens/') && chunk.css?.length) {
    console.error(`${key} has CSS of its own (${chunk.css.join(', ')}): see vite.config.ts`);
    process.exit(1);
  }
}

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
