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
  /**
   * The script files of a screen module's chunk (`app/screens/<name>.tsx`) and what it imports,
   * from the client build's manifest, for the page to preload (ADR 038). Absent without a build.
   */
  screenPreloads?: (screenModule: string) => string[];
  /** spec §7 reads, answered in process by the product server's own handlers. */
  reads: Reads;
  /**
   * The data this page needs could not be read — the database cannot serve it
   * (docs/decisions/026-storage-faults.md), or a read failed on a page that would have said
   * "not found" (docs/decisions/031-addresses-and-statuses.md): the root answers the §8
   * fallback with status 503, a "try again" page, instead of a page of nothing or a false 404.
   */
  dataUnavailable?: boolean;
  /**
   * The rendered document of each answer the app's document entry made (app/entry.server.tsx),
   * by that answer: the host takes the HTML as the bytes React wrote, instead of reading it
   * back out of the answer's body, and sends them as they are (no decoding or encoding).
   */
  documents?: WeakMap<Response, Buffer>;
}
