import { createContext, type RouterContext, type RouterContextProvider } from 'react-router';
import type { WebLoadContext } from '../contract/web-load-context';
import type { RouteSet } from './route-sets';

export type { WebLoadContext };

/**
 * The key of the host's value in React Router's request context (a `RouterContextProvider`,
 * always on since React Router 8). The host is bundled apart from the app, so it takes this very
 * key from the server build, where app/entry.server.tsx exports it (server/web.ts).
 */
export const webContext: RouterContext<WebLoadContext> = createContext<WebLoadContext>();

/** What the root's `middleware` decided once for this request (app/root.tsx, ADR 074). */
export interface ShownPage {
  /** spec §2: the route set a first load of this address picks. */
  routeSet: RouteSet;
  /** spec §2.2: the root shows the business landing instead of the matched page. */
  businessLanding: boolean;
}

export const shownPageContext: RouterContext<ShownPage> = createContext<ShownPage>();

/**
 * A consumer page's loader, which does none of its work when the root shows the business
 * landing in the page's place (spec §2.2, `/users/bizzy`): the hidden page's 301, 404 or 503
 * would otherwise decide the answer of a page nobody sees (ADR 074). Its `null` is read by
 * nobody: the root renders the landing instead of the page, and `routeMeta` defers to the
 * root's meta; so the loader keeps the page's own data type.
 */
export function consumerLoader<Args extends { context: Readonly<RouterContextProvider> }, Data>(
  load: (args: Args) => Promise<Data>,
): (args: Args) => Promise<Data> {
  return async (args) =>
    args.context.get(shownPageContext).businessLanding ? (null as Data) : load(args);
}
