/**
 * The raw-server floor of the render-cost part of `npm run bench:web` (bench/web-render.ts starts
 * it): Node's own `node:http`, answering each page's path with the very bytes the built server
 * sent for it (read once from its file), as `text/html` with a length. No framework, no render, no
 * data: what the same requests over the same keep-alive connection cost a Node process at least.
 *
 *   node --import tsx bench/raw-page-server.ts <port> <spec.json>
 *
 * spec.json: `{ pages: [{ path, file }] }`. Says `ready` on IPC once it listens.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface RawSpec {
  pages: { path: string; file: string }[];
}

const [portText, specFile] = process.argv.slice(2);
if (!portText || !specFile) throw new Error('usage: raw-page-server.ts <port> <spec.json>');
const spec = JSON.parse(readFileSync(specFile, 'utf8')) as RawSpec;
const pages = new Map(spec.pages.map((page) => [page.path, readFileSync(page.file)]));

const server = createServer((req, res) => {
  const body = pages.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
  });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(portText), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
