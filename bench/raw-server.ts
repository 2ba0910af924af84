/**
 * The raw baseline of the server-rendering benchmark (bench/web-ssr.ts): a plain `node:http`
 * server that answers every GET with bytes recorded from the product, nothing computed per
 * request. Run in its own process, as the product is:
 *
 *   node --import tsx bench/raw-server.ts <pages.json> <port>
 *
 * pages.json: `{ pages: { [path]: { headers, body } }, fallback?: path }`, body in base64;
 * a path that is not listed gets the fallback page (404 without one). Tells its parent
 * `{ ready: port }` over IPC once it listens.
 */
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';

interface PageFile {
  pages: Record<string, { headers: OutgoingHttpHeaders; body: string }>;
  fallback?: string;
}

const [file, portText] = process.argv.slice(2);
if (!file || !portText) throw new Error('usage: raw-server.ts <pages.json> <port>');
const spec = JSON.parse(readFileSync(file, 'utf8')) as PageFile;

const pages = new Map<string, { headers: OutgoingHttpHeaders; body: Buffer }>();
for (const [path, page] of Object.entries(spec.pages)) {
  const body = Buffer.from(page.body, 'base64');
  pages.set(path, { headers: { ...page.headers, 'content-length': body.length }, body });
}
const fallback = spec.fallback === undefined ? undefined : pages.get(spec.fallback);

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  const page = pages.get(path) ?? fallback;
  if (!page) {
    response.writeHead(404, { 'content-length': 0 });
    response.end();
    return;
  }
  response.writeHead(200, page.headers);
  response.end(page.body);
});
// Like the product (Fastify's default): idle keep-alive connections stay open 72 s.
server.keepAliveTimeout = 72_000;
server.listen(Number(portText), '127.0.0.1', () => process.send?.({ ready: Number(portText) }));
