import type { PageFlags } from '../contract/analytics-events';
import type { PublicConfig } from '../contract/public-config';

/** What the host process gives every server render (server/web.ts builds it). */
declare module 'react-router' {
  interface AppLoadContext {
    nonce: string;
    publicConfig: PublicConfig;
    /** spec §3 page flag data: the visitor's distinct id and flags, evaluated for this request. */
    pageFlags: PageFlags;
    cookies: Record<string, string>;
    apiFetch: (path: string, init: RequestInit) => Promise<Response>;
  }
}

export {};
