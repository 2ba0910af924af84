import type { FlagValue } from './analytics-events';
import type { DeviceClass } from './device';
import type { Reads } from './endpoints';
import type { PublicConfig } from './public-config';

/** What the host process gives every server render (server/web.ts builds it). */
export interface WebLoadContext {
  publicConfig: PublicConfig;
  /**
   * spec §3 page flag data, the flags: evaluated for this request. The distinct id is not in the
   * page: the browser reads it from its cookie (app/api/site-cookies.ts), so an anonymous page
   * is the same bytes for everyone (docs/decisions/070-pages-a-shared-cache-can-hold.md).
   */
  flags: Record<string, FlagValue>;
  /**
   * A random value of this render that marks the inline scripts React Router writes (their
   * `nonce` attribute). The page's CSP allows inline scripts by hash, and only those carrying
   * this value are hashed (server/csp.ts inlineScriptHashes): a script that injected markup
   * added cannot know it, so it is never allowed. It is not in the CSP, so a cached page's
   * copy of it grants nothing.
   */
  nonce: string;
  /** The device class of the visitor's User-Agent (spec §2.1), decided once per request. */
  device: DeviceClass;
  /** The visitor sent a session cookie (only then can the page be for someone signed in). */
  hasSession: boolean;
  /** spec §7 reads, answered in process by the product server's own handlers. */
  reads: Reads;
}
