import { index, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * One route for every path: which screen a path shows depends on the route set chosen at the
 * first page load (spec §2, app/route-sets.ts), which a static route table cannot express.
 * docs/decisions/010-web-app-routing.md.
 */
export default [
  index('routes/screen.tsx', { id: 'screen-index' }),
  route('*', 'routes/screen.tsx', { id: 'screen' }),
] satisfies RouteConfig;
