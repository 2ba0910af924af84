import type { PublicConfig } from '../contract/public-config';
import { appOnDesktop } from './flags';
import type { WebLoadContext } from './load-context';
import { resolveRouteSet, type DeviceClass, type RouteSet } from './route-sets';

/**
 * What the first page load decided, kept for the life of the page in the browser: the route
 * set (spec §2 — client navigations stay in it) and the public config. A full reload decides
 * again. Set once from the root's server data when the page hydrates.
 */
export interface FirstLoad {
  routeSet: RouteSet;
  device: DeviceClass;
  /** spec §2.1 device flag, as the first load saw it. */
  appOnDesktop: boolean;
}

let firstLoad: FirstLoad | null = null;
let config: PublicConfig | null = null;

export function rememberFirstLoad(value: FirstLoad, publicConfig: PublicConfig) {
  if (typeof window === 'undefined') return;
  firstLoad ??= value;
  config ??= publicConfig;
}

export const pinnedFirstLoad = (): FirstLoad | null => firstLoad;
export const browserConfig = (): PublicConfig | null => config;

const decided = new WeakMap<WebLoadContext, FirstLoad>();

/**
 * The first load's decision on the server (spec §2.1): the route set from the document's own
 * path, the device class the host read from its User-Agent and the device flag. Decided once per request — the root
 * and the screen loaders both ask, and share the load context of that request.
 */
export function firstLoadOf(url: URL, context: WebLoadContext): FirstLoad {
  let value = decided.get(context);
  if (!value) {
    const onDesktop = appOnDesktop(context.pageFlags);
    value = {
      routeSet: resolveRouteSet(url.pathname, context.device, onDesktop),
      device: context.device,
      appOnDesktop: onDesktop,
    };
    decided.set(context, value);
  }
  return value;
}
