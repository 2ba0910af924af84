import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
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
import { inlineScriptHashes, pageCsp } from './csp';
import type { FlagStore } from './flags/flag-store';
import type { CachedPage, PageCache } from './page-cache';
import { PAGE_VARY, pageCacheControl, sharedCacheTimes } from './page-cache-control';
import { siteCookieWrites } from './cookies';
import { ensureSiteCookies } from './security';

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
  flags: Pick<FlagStore, 'evaluate' | 'uniformValues'>,
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

  const sharedTimes = sharedCacheTimes(config.pageCacheTtlMs);

  /**
   * The flag values of a page. When no flag tells people apart, an anonymous page is the same
   * for everyone: it sets no cookie, so a shared cache may keep it, and its script asks
   * GET /api/cookies for the ones it needs (docs/decisions/070-pages-a-shared-cache-can-hold.md).
   * Otherwise the visitor's cookies are set when missing (the device id, its CSRF token, the
   * distinct id) and the flags evaluated for their distinct id, so the first render already
   * uses them. A database that cannot answer leaves the last definitions read in force
   * (ADR 062); only when none were ever read are they unread, and the page a 503 (ADR 026).
   */
  async function flagsOf(request: FastifyRequest, reply: FastifyReply, anonymous: boolean) {
    try {
      const uniform = anonymous ? await flags.uniformValues() : null;
      if (uniform) return { values: uniform, uniform: true, unread: false };
      const distinctId = ensureSiteCookies(request, reply);
      return { values: await flags.evaluate(distinctId), uniform: false, unread: false };
    } catch (error) {
      const fault = storageFaultOf(error);
      if (!fault) throw error;
      request.log.debug({ fault }, 'flags not read: the database cannot serve them');
      return { values: {}, uniform: false, unread: true };
    }
  }

  /**
   * Who may keep a page (server/page-cache-control.ts). `everyones`: the render (or the page
   * cache's copy) read only public data and set no cookie of its own. Any cookie set on this
   * answer, by the host (flags that are not everyone's) or by a read, makes it private: counted
   * here (`siteCookieWrites`), since @fastify/cookie writes its headers only when it sends.
   */
  const cacheControlOf = (
    page: CachedPage,
    reply: FastifyReply,
    answer: { anonymous: boolean; flagsUniform: boolean; everyones: boolean },
  ) =>
    pageCacheControl(
      {
        status: page.status,
        html:
          page.body.byteLength > 0 &&
          page.headers.some(
            ([key, value]) => key === 'content-type' && value.startsWith('text/html'),
          ),
        anonymous: answer.anonymous,
        flagsUniform: answer.flagsUniform,
        publicReads: answer.everyones,
        setsCookie: reply.hasHeader('set-cookie') || siteCookieWrites(reply) > 0,
        own: page.headers.find(([key]) => key === 'cache-control')?.[1],
      },
      sharedTimes,
    );

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
      if (!handle) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The Spotreel web app is not built yet: run `npm run build`.');
      }
      const publicConfig = publicConfigFor(request);
      // A session comes as the auth_token cookie or the Auth-Token header (spec §7).
      const hasSession = sessionToken(request) !== null;
      const anonymous = !hasSession && request.headers.authorization === undefined;
      const pageFlags = await flagsOf(request, reply, anonymous);
      const device = deviceClassFromUserAgent(
        request.headers['user-agent'],
        request.headers['sec-ch-ua-mobile'] as string | undefined,
      );

      /**
       * Renders this page, whole: nothing in it belongs to one visitor (no distinct id; the
       * render's nonce only marks its own scripts for the CSP's hashes and is in no policy). A
       * read that fails makes it the 503 "try again" page (server/api/read-route.ts).
       */
      const render = async () => {
        const outcome: PageReadsOutcome = { personal: false };
        // base64url: the same characters in an HTML attribute and in a script's data
        const nonce = randomBytes(16).toString('base64url');
        const context: WebLoadContext = {
          nonce,
          publicConfig,
          flags: pageFlags.values,
          device,
          hasSession,
          // A cookie a read sets while the page renders (a stale session cleared, say) goes
          // out with the page: the reads answer for this very request and reply.
          reads: pageFlags.unread
            ? UNAVAILABLE_READS
            : reads.pageReads(request, reply, request.log, outcome),
        };
        // cookies a read sets while rendering make the page this visitor's (a stale session)
        const cookiesBefore = siteCookieWrites(reply);
        const response = await handle(toFetchRequest(request, config.siteUrl), context);
        const headers: [string, string][] = [];
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') headers.push([key, value]);
        });
        const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
        const page: CachedPage = {
          status: response.status,
          headers,
          body,
          scriptHashes: inlineScriptHashes(body, nonce),
        };
        const setCookies = response.headers.getSetCookie();
        // a whole page that was found, read only what is the same for everyone and read it all,
        // and nothing the render asked to set
        const everyones =
          page.status === 200 &&
          !outcome.personal &&
          (response.headers.get('content-type') ?? '').startsWith('text/html') &&
          setCookies.length === 0 &&
          siteCookieWrites(reply) === cookiesBefore;
        return { page, setCookies, everyones };
      };

      let page: CachedPage;
      let everyones: boolean;
      if (
        pageCache.enabled &&
        request.method === 'GET' &&
        anonymous &&
        !(config.testHooks && request.url.includes('__throw'))
      ) {
        const key = [
          publicConfig.environment,
          device,
          JSON.stringify(pageFlags.values),
          request.url,
        ].join('\n');
        let rendered = false;
        const answer = await pageCache.getOrRender(key, async () => {
          const { page, everyones } = await render();
          rendered = everyones;
          // the database could not serve it: a page kept past its time answers instead
          return { page, cacheable: everyones, unavailable: page.status === 503 };
        });
        reply.header('x-page-cache', answer.stale ? 'stale' : answer.hit ? 'hit' : 'miss');
        page = answer.page;
        // (the cache holds and shares only pages that were everyone's)
        everyones = answer.hit || rendered;
      } else {
        const rendered = await render();
        for (const cookie of rendered.setCookies) reply.header('set-cookie', cookie);
        page = rendered.page;
        everyones = rendered.everyones;
      }

      const { status, headers, body } = page;
      reply.code(status);
      for (const [key, value] of headers) reply.header(key, value);
      reply.header('content-security-policy', pageCsp(page.scriptHashes, config, request.host));
      // Another site that opens our pages cannot reach into them; our sign-in popup keeps its
      // opener so it can hand back the provider's answer (docs/decisions/014-accounts.md).
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
      reply.header('vary', PAGE_VARY);
      // the route set this page was rendered for, for a shared cache's key (docs/deploy.md)
      reply.header('x-device-class', device);
      // The database cannot serve the page: ask again shortly (ADR 026).
      if (status === 503) reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
      reply.header(
        'cache-control',
        cacheControlOf(page, reply, { anonymous, flagsUniform: pageFlags.uniform, everyones }),
      );
      // An answer without a body (a redirect, HEAD) sends none, not an empty byte string.
      return reply.send(body.byteLength > 0 ? body : undefined);
    },
  });
}
