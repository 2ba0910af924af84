import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
const lines = fs.readFileSync('/tmp/queries.txt', 'utf8').trim().split('\n');
const qs = lines.map(l => { const m = l.match(/^Q [\d.]+ (.*) (\[.*\])$/); return { sql: m[1], params: JSON.parse(m[2]) }; });
async function run(db, label) {
  const ids = (await db.query('select id from locations order by id')).rows.map(r => r.id);
  let tot = 0;
  for (const q of qs) {
    for (let i = 0; i < 20; i++) await db.query(q.sql, q.params.map(p => p === 1024 ? ids[i] : p));
    const t = performance.now(); const N = 300;
    for (let i = 0; i < N; i++) await db.query(q.sql, q.params.map(p => p === 1024 ? ids[i % ids.length] : p));
    tot += (performance.now() - t) / N;
  }
  // simple protocol for the location query
  const q = qs[0]; const t = performance.now();
  for (let i = 0; i < 300; i++) await db.exec(q.sql.replace('$1', String(ids[i % ids.length])).replace('$2', '1'));
  const simple = (performance.now() - t) / 300;
  // rowMode array
  const t2 = performance.now();
  for (let i = 0; i < 300; i++) await db.query(q.sql, [ids[i % ids.length], 1], { rowMode: 'array' });
  const arr = (performance.now() - t2) / 300;
  console.log(label, 'sum of 5 queries', tot.toFixed(2), 'ms; location simple', simple.toFixed(2), 'array', arr.toFixed(2));
}
const disk = await PGlite.create({ dataDir: '/tmp/benchdata/db', extensions: { pg_trgm } });
await run(disk, 'disk');
const dump = await disk.dumpDataDir('none');
await disk.close();
const mem = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
await run(mem, 'memory');
const r = await mem.query(`select avg(length(coalesce(prompt,''))) p, avg(length(coalesce(description,''))) d, avg(length(hours::text)) h from locations`);
console.log(r.rows);
