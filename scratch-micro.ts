import { openDatabase } from './db/client';
import { buildApp } from './server/app';
import { parseConfig } from './server/config';
import { SearchResults } from './contract/search';
const config = parseConfig({ ...process.env, NODE_ENV: 'production', AUTH_SECRET: 'bench-only-secret-of-at-least-32-characters', SITE_URL: 'http://127.0.0.1:1', DATA_DIR: 'data/bench', LOG_LEVEL: 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize: config.databasePoolSize, readUrl: config.databaseReadUrl, readCatchUpMs: config.databaseReadCatchUpMs });
const app = await buildApp({ config, database, version: 'x' });
await app.searchIndex.start();
const terms = ['pizza','taco','sushi','rooftop','brunch','chicago','austn','coffe','the golden','jazz','burger','ramen','hotel','museum','vintage','wine','bbq','bakery','cocktail','seafood'];
const q = (term: string) => ({ term, include: ['locations','users','cities','reviews'] as any, limit: 5, sort: 'relevance' as const });
const N = Number(process.env.N ?? 2000);
for (const t of terms) app.searchIndex.search(q(t));
const per: Record<string, number> = {};
let best = Infinity;
for (let round = 0; round < 5; round++) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) app.searchIndex.search(q(terms[i % terms.length]!));
  const c = process.cpuUsage(c0);
  best = Math.min(best, (c.user + c.system) / 1000 / N);
}
for (const t of terms) { let b = Infinity; for (let r = 0; r < 3; r++) { const c0 = process.cpuUsage(); for (let i = 0; i < 200; i++) app.searchIndex.search(q(t)); const c = process.cpuUsage(c0); b = Math.min(b, (c.user + c.system) / 1000 / 200); } per[t] = b * 200; }
const searchMs = best;
let t0 = 0;
const answers = terms.map((t) => app.searchIndex.search(q(t)));
t0 = performance.now();
for (let i = 0; i < N; i++) SearchResults.encode(answers[i % answers.length]!);
const zodMs = (performance.now() - t0) / N;
t0 = performance.now();
for (let i = 0; i < N; i++) JSON.stringify(answers[i % answers.length]!);
const jsonMs = (performance.now() - t0) / N;
console.log({ searchMs, zodMs, jsonMs });
for (const t of terms) console.log(t.padEnd(12), ((per[t]! / 200)).toFixed(3), 'ms');
await app.close();
process.exit(0);
