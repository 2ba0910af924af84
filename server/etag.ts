import { hash } from 'node:crypto';

/**
 * A public answer's strong ETag (ADR 008, kept by the read cache of ADR 071): 27 characters of its
 * SHA-1. A text and its UTF-8 bytes get the same tag, so an answer has one tag whichever thread
 * wrote it (the search thread tags its own answers, ADR 053).
 */
export const etagOf = (body: string | Uint8Array) =>
  `"${hash('sha1', body, 'base64url').slice(0, 27)}"`;
