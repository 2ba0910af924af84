import {
  queryInUrl,
  READ_URLS,
  readPath,
  type ReadName,
  type ReadsOverHttp,
} from '../../contract/endpoints';
import { browserApi } from './browser-api';
import { ApiError, type ApiClient } from './client';

/**
 * The reads of spec §7 over HTTP through one API client (its header rules, its null on
 * failure): what screens and features call in the browser. A server render gets the same
 * `Reads`, answered in process by the read functions (server/api/read-route.ts).
 */
export function readsOver(api: ApiClient, onFailure?: (error: unknown) => void): ReadsOverHttp {
  const reads = {} as Record<ReadName, (params?: object, query?: object) => Promise<unknown>>;
  for (const name of Object.keys(READ_URLS) as ReadName[]) {
    reads[name] = (params, query) =>
      api.get(
        readPath(name, params as Record<string, string | number> | undefined),
        query && queryInUrl(query),
        { onFailure },
      );
  }
  return reads as ReadsOverHttp;
}

/**
 * Whether a read's null means "it failed" rather than "it is not there" (or "not for you"): no
 * answer at all, a server fault, or a refusal to answer now (timeout, too many requests). A 404
 * or another refusal of the request is an answer about the thing (ADR 031).
 */
export function readFailed(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || [408, 429].includes(error.status);
}

let reads: ReadsOverHttp | null = null;

/** The browser's reads (its one API client). */
export const browserReads = (): ReadsOverHttp => (reads ??= readsOver(browserApi()));
