import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import type { Logger, ViteDevServer } from 'vite';
import type { WebLoadContext } from '../contract/web-load-context';
import { projectRoot } from '../db/project-root';
import type { Config } from './config';

/**
 * The paths Vite's own requests take in development: its client and modules by id (`/@vite/`,
 * `/@id/`, `/@fs/`, `/@react-refresh`), the web app's sources and what they import (`/app/`,
 * `/contract/`, `/node_modules/`). Nothing else of the project is served: not `server/`, not
 * the data folder. In production these addresses are pages like any other unknown one.
 */
const VITE_PATHS = ['/@*', '/app/*', '/contract/*', '/node_modules/*'];

/** The web app as `npm run dev` serves it (docs/decisions/068-dev-server-with-hmr.md). */
export interface DevWebApp {
  /** Renders a request with the server build as the sources are now. */
  handle(request: Request, context: WebLoadContext): Promise<Response>;
  /** Called after a file Vite watches changes, comes or goes (the host's page cache empties). */
  onChange(listener: () => void): void;
}

/** Vite's log lines in the host's log, one line each, without terminal colours. */
function viteLogger(app: FastifyInstance): Logger {
  const warned = new Set<string>();
  const text = (message: string) => `vite: ${stripVTControlCharacters(message).trim()}`;
  const logger: Logger = {
    hasWarned: false,
    info: (message) => app.log.info(text(message)),
    warn(message) {
      logger.hasWarned = true;
      app.log.warn(text(message));
    },
    warnOnce(message) {
      if (warned.has(message)) return;
      warned.add(message);
      logger.warn(message);
    },
    error: (message, options) => app.log.error({ err: options?.error }, text(message)),
    clearScreen: () => {},
    hasErrorLogged: () => false,
  };
  return logger;
}

/**
 * React Router's Vite dev server inside the host, in middleware mode: Vite answers its own
 * requests (above), its hot-update websocket shares the host's port, and each page is rendered
 * with the server build Vite makes from the sources of the moment
 * (`virtual:react-router/server-build`). Only ever imported when `HOT_RELOAD` is on, which the
 * configuration refuses in production: a production host never loads Vite.
 */
export async function startDevWebApp(app: FastifyInstance, config: Config): Promise<DevWebApp> {
  const root = projectRoot();
  // Imported when called: the host's production bundle (scripts/build.mjs) loads neither Vite
  // nor the config's `@react-router/dev`, development dependencies.
  const { createServer } = await import('vite');
  const before = { signal: process.listeners('SIGTERM'), end: process.stdin.listeners('end') };
  const vite: ViteDevServer = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    appType: 'custom',
    customLogger: viteLogger(app),
    // Every dependency the pages import, found before the first page asks: one found on the
    // way would make Vite bundle the dependencies again and reload the open page.
    optimizeDeps: { entries: ['app/entry.client.tsx', 'app/root.tsx', 'app/routes/**/*.tsx'] },
    server: {
      middlewareMode: true,
      // The hot-update websocket on the host's own server and port.
      ws: { server: app.server },
      // The database and the media (thousands of files) are no sources.
      watch: { ignored: [`${config.dataDir}/**`, `${join(root, 'build')}/**`] },
      // What its addresses may read (its own client aside): the web app's sources and their
      // dependencies (node_modules as named and where it really is: a link in a git worktree,
      // say), never the host's code, the configuration or the data folder, whoever asks.
      fs: {
        allow: ['app', 'contract', 'public', 'node_modules'].flatMap((dir) => [
          join(root, dir),
          realpathSync(join(root, dir)),
        ]),
      },
    },
  });
  // React Router's plugin makes a Vite server of its own (its child compiler), not in middleware
  // mode, and Vite ends the process (process.exit) on SIGTERM or the end of standard input for
  // such a server: the host's graceful shutdown (server/main.ts) would never finish. Closing
  // Vite closes it too.
  for (const listener of process.listeners('SIGTERM'))
    if (!before.signal.includes(listener)) process.off('SIGTERM', listener);
  for (const listener of process.stdin.listeners('end'))
    if (!before.end.includes(listener)) process.stdin.off('end', listener as () => void);
  app.addHook('onClose', () => vite.close());

  for (const url of VITE_PATHS)
    // A page asks for a hundred modules: no access line for each (Vite's failures are logged).
    app.get(url, { schema: { hide: true }, logLevel: 'warn' }, (request, reply) => {
      // Written past Fastify, as a connect middleware does: the headers every answer carries
      // (server/security.ts) go along.
      reply.hijack();
      const res = reply.raw;
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) res.setHeader(name, value);
      vite.middlewares(request.raw, res, (error?: unknown) => {
        if (res.headersSent) return void res.end();
        const path = request.url.split('?')[0];
        res.statusCode = error ? 500 : 404;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        if (error) request.log.error({ err: error }, `vite: ${path} failed`);
        res.end(
          JSON.stringify(
            error
              ? { error: 'internal', message: `Vite could not serve ${path}` }
              : { error: 'not_found', message: `Nothing at ${path}` },
          ),
        );
      });
    });

  // The files of public/, which the build copies into build/client.
  await app.register(fastifyStatic, {
    root: join(root, 'public'),
    prefix: '/',
    decorateReply: false,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
  });

  const listeners: (() => void)[] = [];
  vite.watcher.on('all', () => listeners.forEach((listener) => listener()));
  app.log.info('web app: from its sources through Vite, edits shown in the open page (HOT_RELOAD)');

  return {
    async handle(request, context) {
      let build: ServerBuild;
      try {
        build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        throw error;
      }
      // The key the app's own modules read, from the modules Vite loaded (app/load-context.ts):
      // an edit of the app makes it a new key.
      const { webContext } = build.entry.module as unknown as {
        webContext?: RouterContext<WebLoadContext>;
      };
      if (!webContext) throw new Error('app/entry.server.tsx exports no webContext');
      const handler = createRequestHandler(build, 'development');
      return handler(request, new RouterContextProvider(new Map([[webContext, context]])));
    },
    onChange: (listener) => void listeners.push(listener),
  };
}
