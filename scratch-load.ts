import { runLoad } from './bench/load';
const terms = ['pizza','taco','sushi','rooftop','brunch','chicago','austn','coffe','the golden','jazz','burger','ramen','hotel','museum','vintage','wine','bbq','bakery','cocktail','seafood'];
const base = process.env.BASE ?? 'http://127.0.0.1:3720';
const paths = terms.map((t) => `/api/v2/search/wonder-search?search_type=global&term=${encodeURIComponent(t)}&limit=5`);
const seconds = Number(process.env.SECS ?? 8);
const r = await runLoad({ base, paths, connections: 50, seconds });
console.log('search', JSON.stringify(r));
if (process.env.BASELINE) {
  const b = await runLoad({ base, paths: ['/api/_bench/baseline?bytes=10500'], connections: 50, seconds });
  console.log('baseline', JSON.stringify(b));
}
