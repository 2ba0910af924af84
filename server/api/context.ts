import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../contract/common';
import type { Config } from '../config';
import type { FairQueue } from '../fair-queue';
import type { SearchThread } from '../search/search-thread';
import type { ReadContext } from './read-models';
import type { ReadRegistry } from './read-route';

export interface ApiContext extends ReadContext {
  config: Config;
  /** The reads of spec §7 by name: served at their URLs and called in process by page renders. */
  reads: ReadRegistry;
  /** Uncached searches take turns here, so they never fill the database (ADR 028). */
  searchQueue: FairQueue;
  /** Answers searches from memory once built; null when SEARCH_INDEX=off (ADR 035). */
  searchIndex: SearchThread | null;
  /**
   * A write changed what public pages show (a profile, a listing): the read cache and the page
   * cache forget what they hold, on every replica, so the next visit shows it (ADR 071).
   */
  publicDataChanged(): Promise<void>;
}

/** One resource's endpoints (server/api/<resource>.ts). */
export type ApiRoutes = (ctx: ApiContext) => FastifyPluginAsyncZod;

/** The error answers every endpoint documents. */
export const errorResponses = { 400: ErrorBody, 404: ErrorBody } as const;
export const writeErrorResponses = { ...errorResponses, 403: ErrorBody, 429: ErrorBody } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public read: answered with Cache-Control and ETag, and kept in the read cache (ADR 071). */
    publicCache?: boolean;
  }
}
