// Builds what `npm start` runs: the server bundle (and, from issue 3 on, the web app).
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
writeFileSync('build/.stamp', new Date().toISOString());
console.log('built build/server/main.js');
