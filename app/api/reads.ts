import { READ_URLS, readPath, type ReadName, type Reads } from '../../contract/endpoints';
import { browserApi } from './browser-api';
import type { ApiClient, ApiQuery } from './client';

/**
 * The reads of spec §7 over HTTP through one API client (its header rules, its null on
 * failure): what screens and features call in the browser. A server render gets the same
 * `Reads`, answered in process (server/api/read-route.ts).
 */
export function readsOver(api: ApiClient): Reads {
  const reads = {} as Record<ReadName, (params?: object, query?: ApiQuery) => Promise<unknown>>;
  for (const name of Object.keys(READ_URLS) as ReadName[]) {
    reads[name] = (params, query) =>
      api.get(readPath(name, params as Record<string, string | number> | undefined), query);
  }
  return reads as Reads;
}

let reads: Reads | null = null;

/** The browser's reads (its one API client). */
export const browserReads = (): Reads => (reads ??= readsOver(browserApi()));
