import type { PageFlags } from './analytics-events';
import type { DeviceClass } from './device';
import type { Reads } from './endpoints';
import type { PublicConfig } from './public-config';

/** What the host process gives every server render (server/web.ts builds it). */
export interface WebLoadContext {
  nonce: string;
  publicConfig: PublicConfig;
  /** spec §3 page flag data: the visitor's distinct id and flags, evaluated for this request. */
  pageFlags: PageFlags;
  /** The device class of the visitor's User-Agent (spec §2.1), decided once per request. */
  device: DeviceClass;
  /** The visitor sent a session cookie (only then can the page be for someone signed in). */
  hasSession: boolean;
  /** spec §7 reads, answered in process by the product server's own handlers. */
  reads: Reads;
}
