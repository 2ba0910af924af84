import type { Config } from '@react-router/dev/config';

// Server-rendered React Router app mounted in the Fastify process (server/web.ts).
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // React Router 8 splits a route's clientLoader into a chunk of its own by default. The screen
  // route's clientLoader imports what its component does, so its chunk was a 54-byte re-export:
  // one more request per page for nothing. Kept whole, as React Router 7 did.
  splitRouteModules: false,
  // Every route of the table comes with the first page (a few KB): a navigation makes its one
  // data request, never a route-discovery request (/__manifest) besides (ADR 067).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
