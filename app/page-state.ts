import type { PublicConfig } from '../contract/public-config';
import type { DeviceClass, RouteSet } from './route-sets';

/**
 * What the first page load decided, kept for the life of the page in the browser: the route
 * set (spec §2 — client navigations stay in it) and the public config. A full reload decides
 * again. Set once from the root's server data when the page hydrates (app/root.tsx).
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
