import type { PublicConfig } from '../contract/public-config';

/** What the host process gives every server render (server/web.ts builds it). */
declare module 'react-router' {
  interface AppLoadContext {
    nonce: string;
    publicConfig: PublicConfig;
    cookies: Record<string, string>;
    apiFetch: (path: string, init: RequestInit) => Promise<Response>;
  }
}

export {};
