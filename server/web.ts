import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import { DISTINCT_ID_COOKIE } from '../contract/analytics';
import type { FlagValue } from '../contract/analytics-events';
import { environmentForHost } from '../contract/environment';
import { READ_URLS, type Reads } from '../contract/endpoints';
import type { PublicConfig } from '../contract/public-config';
import type { WebLoadContext } from '../contract/web-load-context';
import { deviceClassFromUserAgent } from '../contract/device';
import { projectRoot } from '../db/project-root';
import { storageFaultOf } from '../db/storage-faults';
import { readUnavailable, type PageReadsOutcome, type ReadRegistry } from './api/read-route';
import { sessionToken } from './auth/sessions';
import type { Config } from './config';
import { apiNotFound, STORAGE_RETRY_AFTER_SECONDS } from './errors';
import { pageCsp } from './csp';
import type { PageCache } from './page-cache';
import { ensureIdCookie } from './cookies';
import { ensureCsrfCookies } from './security';

/** The reads of a page the database cannot serve: each fails, without asking it. */
const UNAVAILABLE_READS = Object.fromEntries(
  Object.keys(READ_URLS).map((name) => [name, () => Promise.reject(readUnavailable())]),
) as unknown as Reads;

const buildDir = join(projectRoot(), 'build');
const serverBuildFile = join(buildDir, 'server', 'index.js');
const YEAR = 365 * 24 * 3600;

/** The request as React Router takes it, at the site's own origin: never the Host it came with. */
function toFetchRequest(request: FastifyRequest, siteUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, String(v));
  }
  return new Request(siteUrl + request.url, { method: request.method, headers });
}

/**
 * Every path that is not /api, /media or a health check belongs to the web app: the React
 * Router server build renders it (docs/decisions/010-web-app-routing.md).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  version: string,
  flags: { evaluate(distinctId: string): Promise<Record<string, FlagValue>> },
  reads: ReadRegistry,
  pageCache: PageCache,
) {
  const built = existsSync(serverBuildFile);
  let handle: ((request: Request, context: WebLoadContext) => Promise<Response>) | undefined;
  if (config.hotReload) {
    // `npm run dev`: the sources through Vite, never build/ (docs/decisions/068-dev-server-with-hmr.md).
    const { startDevWebApp } = await import('./dev-web');
    const dev = await startDevWebApp(app, config);
    handle = dev.handle;
    // A page kept from before an edit would show the old app (and not match its new scripts).
    dev.onChange(() => pageCache.clear());
  } else if (built) {
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    const handler = createRequestHandler(build, config.isProduction ? 'production' : 'development');
    // The app's own key for the host's value (app/load-context.ts), from the build that holds it.
    const { webContext } = build.entry.module as unknown as {
      webContext?: RouterContext<WebLoadContext>;
    };
    if (!webContext)
      throw new Error('build/server has no webContext (app/entry.server.tsx): run `npm run build`');
    handle = (request, context) =>
      handler(request, new RouterContextProvider(new Map([[webContext, context]])));
    // Files of the client build; fingerprinted /assets never change under a name.
    await app.register(fastifyStatic, {
      root: join(buildDir, 'client'),
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      // build/client/assets/*.br and *.gz, made by scripts/build.mjs.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('vary', 'accept-encoding');
        reply.header(
          'cache-control',
          path.includes(`${sep}assets${sep}`)
            ? `public, max-age=${YEAR}, immutable`
            : 'public, max-age=86400',
        );
      },
    });
  } else {
    app.log.warn(
      'web app: build/server/index.js is missing; run `npm run build` (npm start does it)',
    );
  }

  const publicConfigFor = (request: FastifyRequest): PublicConfig => ({
    appVersion: version,
    environment: environmentForHost(request.host, config.hosts),
    siteUrl: config.siteUrl,
    appLinkBase: config.appLinkBase,
    appStoreLinks: {
      'qrcode-download-apple': config.appStoreUrl,
      'qrcode-download-google': config.playStoreUrl,
    },
    qrCodeUrl: `${config.mediaBaseUrl}/qr/app-download.svg`,
    claimBusinessUrl: config.claimBusinessUrl,
    verifySchedulingUrl: config.verifySchedulingUrl,
    profileCheckoutUrl: config.profileCheckoutUrl,
    giveaway: config.giveaway,
    companyLinks: {
      careers: `${config.companySiteUrl}/careers`,
      press: `${config.companySiteUrl}/press`,
      terms: `${config.companySiteUrl}/terms`,
      privacy: `${config.companySiteUrl}/privacy`,
      support: `${config.companySiteUrl}/support`,
    },
    socialLinks: {
      instagram: 'https://www.instagram.com/spotreel',
      tiktok: 'https://www.tiktok.com/@spotreel',
      youtube: 'https://www.youtube.com/@spotreel',
      x: 'https://x.com/spotreel',
      facebook: 'https://www.facebook.com/spotreel',
    },
    analytics: {
      consentRequired: config.analytics.consentRequired,
      posthog: config.analytics.posthog,
      ga4: config.analytics.ga4,
      metaPixel: config.analytics.metaPixel,
    },
    testHooks: config.testHooks,
  });

  // Other methods, and files that are not there, answer a JSON 404.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const message =
      request.method === 'GET' || request.method === 'HEAD'
        ? `Nothing at ${path}`
        : `Nothing answers ${request.method} ${path}`;
    return reply.code(404).send({ error: 'not_found', message });
  });

  // A real route (not the not-found handler) so the page gets the per-route compression.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      // An /api or /auth path that no route takes is a refusal in ErrorBody, not a page: the
      // web app would show its landing page there, as a 404 (ADR 031).
      if (path.startsWith('/api/') || path.startsWith('/auth/'))
        return reply.code(404).send(apiNotFound(request.method, request.url));
      if (path.startsWith('/media/') || path.startsWith('/assets/')) return reply.callNotFound();
      // The cookies the browser keeps, set when missing (`__Host-` named on secure hosts,
      // server/cookies.ts): the device id and the CSRF token signed for it, the distinct id.
      ensureCsrfCookies(request, reply);
      const distinctId = ensureIdCookie(request, reply, DISTINCT_ID_COOKIE, '');
      if (!handle) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The Spotreel web app is not built yet: run `npm run build`.');
      }
      // base64url: the same characters in a CSP header, an HTML attribute and a script's data
      const nonce = randomBytes(16).toString('base64url');
      const publicConfig = publicConfigFor(request);
      // Evaluated for every document request, so the first render already uses them. A
      // database that cannot answer leaves the last definitions read in force (ADR 062); only
      // when none were ever read are they unread, and the page a 503 (ADR 026).
      let flagValues: Record<string, FlagValue> = {};
      let dataUnavailable = false;
      try {
        flagValues = await flags.evaluate(distinctId);
      } catch (error) {
        const fault = storageFaultOf(error);
        if (!fault) throw error;
        request.log.debug({ fault }, 'flags not read: the database cannot serve them');
        dataUnavailable = true;
      }
      const device = deviceClassFromUserAgent(
        request.headers['user-agent'],
        request.headers['sec-ch-ua-mobile'] as string | undefined,
      );
      // A session comes as the auth_token cookie or the Auth-Token header (spec §7).
      const hasSession = sessionToken(request) !== null;

      /**
       * Renders this page; with placeholders for the nonce and the distinct id when cached. A
       * read that fails makes it the 503 "try again" page (server/api/read-route.ts).
       */
      const render = async (values: { nonce: string; distinctId: string }) => {
        const outcome: PageReadsOutcome = { personal: false };
        const context: WebLoadContext = {
          nonce: values.nonce,
          publicConfig,
          pageFlags: { distinct_id: values.distinctId, flags: flagValues },
          device,
          hasSession,
          // A cookie a read sets while the page renders (a stale session cleared, say) goes
          // out with the page: the reads answer for this very request and reply.
          reads: dataUnavailable
            ? UNAVAILABLE_READS
            : reads.pageReads(request, reply, request.log, outcome),
        };
        const response = await handle(toFetchRequest(request, config.siteUrl), context);
        const headers: [string, string][] = [];
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') headers.push([key, value]);
        });
        return {
          response,
          headers,
          html: response.body ? Buffer.from(await response.arrayBuffer()) : null,
          outcome,
        };
      };

      const cacheable =
        pageCache.enabled &&
        request.method === 'GET' &&
        !hasSession &&
        request.headers.authorization === undefined &&
        !(config.testHooks && request.url.includes('__throw'));
      let status: number;
      let headers: [string, string][];
      let html: Buffer | null;
      if (cacheable) {
        const key = [
          publicConfig.environment,
          device,
          JSON.stringify(flagValues),
          request.url,
        ].join('\n');
        const { page, hit, stale } = await pageCache.getOrRender(key, async () => {
          const rendered = await render(pageCache.placeholders);
          const type = rendered.response.headers.get('content-type') ?? '';
          return {
            page: pageCache.template(
              rendered.response.status,
              rendered.headers,
              rendered.html ?? Buffer.alloc(0),
            ),
            // whole pages that were found, read only what is the same for everyone and read it
            // all, and nothing the render asked to set
            cacheable:
              rendered.response.status === 200 &&
              !rendered.outcome.personal &&
              type.startsWith('text/html') &&
              rendered.response.headers.getSetCookie().length === 0,
            // the database could not serve it: a page kept past its time answers instead
            unavailable: rendered.response.status === 503,
          };
        });
        reply.header('x-page-cache', stale ? 'stale' : hit ? 'hit' : 'miss');
        status = page.status;
        headers = page.headers;
        html = pageCache.fill(page, { nonce, distinctId });
      } else {
        const rendered = await render({ nonce, distinctId });
        for (const cookie of rendered.response.headers.getSetCookie())
          reply.header('set-cookie', cookie);
        status = rendered.response.status;
        headers = rendered.headers;
        html = rendered.html;
      }

      reply.code(status);
      for (const [key, value] of headers) reply.header(key, value);
      reply.header('content-security-policy', pageCsp(nonce, config, request.host));
      // Another site that opens our pages cannot reach into them; our sign-in popup keeps its
      // opener so it can hand back the provider's answer (docs/decisions/014-accounts.md).
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
      if (status === 503) {
        // The database cannot serve the page: ask again shortly, and keep no copy (ADR 026).
        reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
        reply.header('cache-control', 'no-store');
      } else if (!headers.some(([key]) => key === 'cache-control'))
        reply.header('cache-control', 'private, no-cache');
      // An answer without a body (a redirect, HEAD) sends none, not an empty byte string.
      return reply.send(html && html.byteLength > 0 ? html : undefined);
    },
  });
}
