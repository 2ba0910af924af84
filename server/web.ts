import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { asc, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cities, locations } from '../db/schema';
import type { Config } from './config';
import { ensureCsrfCookie } from './security';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Every path that is not /api, /media or a health check belongs to the web app. Until the
 * React Router app lands (issue 3) this is a plain server-rendered page from the seeded world.
 */
export function registerWebApp(app: FastifyInstance, db: Database, config: Config) {
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/media/')) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: `No media at ${request.url.split('?')[0]}` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({
        error: 'not_found',
        message: `Nothing answers ${request.method} ${request.url.split('?')[0]}`,
      });
    }
    ensureCsrfCookie(request, reply, config.isProduction);
    const [cityRows, trending] = await Promise.all([
      db.select({ name: cities.name, state: cities.state }).from(cities).orderBy(asc(cities.id)),
      db
        .select({ name: locations.name, id: locations.id })
        .from(locations)
        .where(isNotNull(locations.trendingRank))
        .orderBy(asc(locations.trendingRank)),
    ]);
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        `default-src 'self'; style-src 'nonce-${nonce}'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
      ).send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Spotreel — find your next favourite spot</title>
<meta name="description" content="Short videos of the best local spots, filmed by the locals who love them.">
<style nonce="${nonce}">body{margin:0;background:#FFFBF6;color:#15131C;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:720px;margin:0 auto;padding:48px 16px}h1{font-size:44px;line-height:1.1;margin:0 0 12px}
.mark{color:#FF5A4E}ul{padding-left:20px}a{color:#2C7A7B}</style></head>
<body><main><h1><span class="mark">Spot</span>reel</h1>
<p>Find your next favourite spot through short videos from the locals who love it. The full site is on its way.</p>
<h2>Cities</h2><ul>${cityRows.map((c) => `<li>${escapeHtml(c.name)}, ${escapeHtml(c.state)}</li>`).join('')}</ul>
<h2>Trending restaurants</h2><ul>${trending.map((l) => `<li>${escapeHtml(l.name)}</li>`).join('')}</ul>
<p>Developers: <a href="/api/docs">the product API</a>.</p></main></body></html>`);
  });
}
