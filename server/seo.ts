import { asc, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cityPath, locationInCityPath, reviewPath, topicPath } from '../contract/urls';
import type { Database } from '../db/client';
import { cities, locations, reviews, topicPages } from '../db/schema';
import type { Config } from './config';
import { HttpError } from './http-errors';

/**
 * The protocol allows 50,000 URLs a file; 10,000 keeps each answer around a megabyte and one
 * chunk a handful of queries, even at SEED_SCALE=100 (~60k places, ~600k videos).
 */
export const SITEMAP_CHUNK_SIZE = 10_000;
/** Rows per query while writing a chunk: keyset pages by id, never the whole table. */
const PAGE_SIZE = 2_000;
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** Paths crawlers should leave alone: the API and the signed-in business screens. */
const DISALLOWED = ['/api/', '/biz/dashboard', '/biz/sign-in'];

interface SitemapEntry {
  id: number;
  path: string;
  lastmod?: Date;
}

/** One kind of page the sitemap lists, read in id order after a cursor. */
interface SitemapSource {
  /** How many pages of this kind exist. */
  count(db: Database): Promise<number>;
  /** The id of the row at this position in id order, or null past the end. */
  idAt(db: Database, position: number): Promise<number | null>;
  /** Up to `limit` entries with ids above `afterId`, in id order. */
  after(db: Database, afterId: number, limit: number): Promise<SitemapEntry[]>;
}

/** A source of a table keyed by a serial id (the primary key index serves every query). */
function source(
  table: typeof cities | typeof locations | typeof reviews | typeof topicPages,
  after: SitemapSource['after'],
): SitemapSource {
  return {
    async count(db) {
      const [row] = await db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    },
    async idAt(db, position) {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .orderBy(asc(table.id))
        .limit(1)
        .offset(position);
      return row?.id ?? null;
    },
    after,
  };
}

const citySource = source(cities, async (db, afterId, limit) => {
  const rows = await db
    .select({ id: cities.id, stateSlug: cities.stateSlug, citySlug: cities.citySlug })
    .from(cities)
    .where(gt(cities.id, afterId))
    .orderBy(asc(cities.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, path: cityPath(r.stateSlug, r.citySlug) }));
});

const placeSource = source(locations, async (db, afterId, limit) => {
  const rows = await db
    .select({
      id: locations.id,
      slug: locations.slug,
      updatedAt: locations.updatedAt,
      citySlug: cities.slug,
    })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(gt(locations.id, afterId))
    .orderBy(asc(locations.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    path: locationInCityPath(r.citySlug, r.slug),
    lastmod: r.updatedAt,
  }));
});

/** A video's canonical page is /reviews/{id}, whichever address it was reached by. */
const videoSource = source(reviews, async (db, afterId, limit) => {
  const rows = await db
    .select({ id: reviews.id, createdAt: reviews.createdAt })
    .from(reviews)
    .where(gt(reviews.id, afterId))
    .orderBy(asc(reviews.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, path: reviewPath(r.id), lastmod: r.createdAt }));
});

/** Topic pages: topic_pages holds only those that pass the threshold (ADR 080). */
const topicSource = source(topicPages, async (db, afterId, limit) => {
  const rows = await db
    .select({
      id: topicPages.id,
      slug: topicPages.slug,
      neighborhoodSlug: topicPages.neighborhoodSlug,
      stateSlug: cities.stateSlug,
      citySlug: cities.citySlug,
    })
    .from(topicPages)
    .innerJoin(cities, eq(cities.id, topicPages.cityId))
    .where(gt(topicPages.id, afterId))
    .orderBy(asc(topicPages.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    path: topicPath(r.stateSlug, r.citySlug, r.slug, r.neighborhoodSlug),
  }));
});

/** The kinds split into numbered chunks: `/sitemaps/{kind}-{n}.xml`, n from 1. */
const CHUNKED = { places: placeSource, videos: videoSource, topics: topicSource } as const;
type ChunkedKind = keyof typeof CHUNKED;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

const urlElement = (origin: string, entry: SitemapEntry) =>
  `<url><loc>${escapeXml(origin + entry.path)}</loc>` +
  (entry.lastmod ? `<lastmod>${isoDate(entry.lastmod)}</lastmod>` : '') +
  '</url>\n';

/** Writes up to `max` entries with ids from `firstId` on, one keyset page at a time. */
async function urlset(
  db: Database,
  origin: string,
  src: SitemapSource,
  firstId: number,
  max: number,
): Promise<string> {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  let cursor = firstId - 1;
  let written = 0;
  while (written < max) {
    const page = await src.after(db, cursor, Math.min(PAGE_SIZE, max - written));
    for (const entry of page) parts.push(urlElement(origin, entry));
    written += page.length;
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) break;
    cursor = last.id;
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

const chunkCount = (rows: number) => Math.ceil(rows / SITEMAP_CHUNK_SIZE);

const noSitemap = (name: string) =>
  new HttpError(404, 'not_found', `There is no sitemap /sitemaps/${name}`);

/**
 * robots.txt and the sitemaps of every public city, place, video and topic page, so search engines
 * find the pages the web app renders (URLs as in contract/urls.ts, app/paths.ts).
 */
export function registerSeo(app: FastifyInstance, db: Database, config: Config) {
  // Every URL in these answers starts with SITE_URL, never the request's Host: they are cached
  // publicly (by a CDN too) for everyone, whatever host they were asked on.
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    // Disallow lines first: parsers that take the first match still see them before Allow.
    const lines = [
      'User-agent: *',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      'Allow: /',
      '',
      `Sitemap: ${config.siteUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const origin = config.siteUrl;
    const names = ['cities.xml'];
    for (const kind of Object.keys(CHUNKED) as ChunkedKind[]) {
      const chunks = chunkCount(await CHUNKED[kind].count(db));
      for (let n = 1; n <= chunks; n++) names.push(`${kind}-${n}.xml`);
    }
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
      ...names.map(
        (name) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}`)}</loc></sitemap>\n`,
      ),
      '</sitemapindex>\n',
    ].join('');
    return reply.type(XML).header('cache-control', CACHE_CONTROL).send(body);
  });

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      const origin = config.siteUrl;
      let body: string;
      if (file === 'cities.xml') {
        // Tens of cities: one file, still read in keyset pages.
        body = await urlset(db, origin, citySource, 1, Number.MAX_SAFE_INTEGER);
      } else {
        const match = /^(places|videos|topics)-([1-9][0-9]{0,5})\.xml$/.exec(file);
        if (!match) throw noSitemap(file);
        const src = CHUNKED[match[1] as ChunkedKind];
        // A chunk is the n-th run of 10,000 rows in id order: find where it starts on the
        // primary key, then read it after that id.
        const firstId = await src.idAt(db, (Number(match[2]) - 1) * SITEMAP_CHUNK_SIZE);
        if (firstId === null) throw noSitemap(file);
        body = await urlset(db, origin, src, firstId, SITEMAP_CHUNK_SIZE);
      }
      return reply.type(XML).header('cache-control', CACHE_CONTROL).send(body);
    },
  );
}
