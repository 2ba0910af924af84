import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Pages that are the same for every anonymous visitor, rendered once and sent many times
 * (docs/decisions/019-react.md). Two things in a page belong to one response, not to the page:
 * the CSP nonce of its scripts and the visitor's distinct id (spec §3 page flag data). A cached
 * page is rendered with a placeholder for each — random per process, so no page content can
 * name them — and kept as the segments between them; each answer joins the segments with this
 * response's own nonce and id. Everything else the render depends on is in the key: the
 * address, the device class (the route set, spec §2.1), the visitor's flag values, the site's
 * address and environment (the rest of the public config is the same for the whole process).
 * A visitor with a session cookie is never served from here; a write that changes what public
 * pages show empties it (ApiContext.publicDataChanged).
 *
 * Stale if error (docs/decisions/062-stale-if-error.md): a page past its time is kept (within
 * the cache's bytes) until a render replaces it. When that render could not read the database,
 * the old page answers instead of the 503, and answers again for `retryMs` before another
 * render tries: an outage outlasts the time-to-live, and anonymous visitors still get pages.
 */
export interface PageTemplate {
  status: number;
  headers: [string, string][];
  /**
   * The page's UTF-8 bytes split at its placeholders; `slots[i]` goes between `segments[i]` and
   * `[i + 1]`. Bytes, not a string: a page is encoded once, when rendered, not on every answer.
   */
  segments: Buffer[];
  slots: Slot[];
}

type Slot = 'nonce' | 'distinctId';

interface Entry extends PageTemplate {
  expires: number;
  bytes: number;
  /** Kept past its time because the database could not render it again. */
  stale: boolean;
}

/** What one request gets: the page, and whether it came from memory, and past its time. */
export interface CachedAnswer {
  page: PageTemplate;
  hit: boolean;
  stale: boolean;
}

/** A render's page, whether it may be kept, and whether the database could not serve it. */
export interface RenderedPage {
  page: PageTemplate;
  cacheable: boolean;
  unavailable?: boolean;
}

/** Letters and digits only: unchanged by HTML escaping, JSON and React Router's data encoding. */
const token = (length: number) =>
  randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);

export function createPageCache(options: {
  ttlMs: number;
  maxBytes: number;
  /** How long a stale page answers before a render tries again (the 503's Retry-After). */
  retryMs?: number;
}) {
  const retryMs = Math.min(options.ttlMs, options.retryMs ?? 5_000);
  const placeholders: Record<Slot, string> = {
    nonce: `n${token(31)}`,
    // a distinct id's shape (contract/analytics.ts DISTINCT_ID_PATTERN)
    distinctId: `d${token(31)}`,
  };
  const needles: Record<Slot, Buffer> = {
    nonce: Buffer.from(placeholders.nonce),
    distinctId: Buffer.from(placeholders.distinctId),
  };
  // Least recently used first out, within the cache's bytes; a page over a quarter of them is
  // not kept. Times are the entries' own: a page past its time stays until a render replaces it.
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(1, options.maxBytes),
    maxEntrySize: Math.max(1, options.maxBytes / 4),
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();
  // Bumped by clear(): a render that started before a write never stores its page after it.
  let generation = 0;

  const drop = (key: string) => void entries.delete(key);
  /** The entry under `key`, past its time or not, made the most recently used. */
  const get = (key: string) => entries.get(key);
  const fresh = (entry: Entry) => entry.expires >= Date.now();

  function set(key: string, page: PageTemplate) {
    const size = page.segments.reduce((sum, part) => sum + part.byteLength, 0);
    // (lru-cache refuses an entry over maxEntrySize and drops what was under the key)
    entries.set(key, { ...page, expires: Date.now() + options.ttlMs, bytes: size, stale: false });
  }

  return {
    enabled: options.ttlMs > 0 && options.maxBytes > 0,
    placeholders,
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
    clear() {
      entries.clear();
      inFlight.clear();
      generation += 1;
    },

    /** A rendered page (with the placeholders in it) as a template. */
    template(status: number, headers: [string, string][], html: Buffer): PageTemplate {
      const segments: Buffer[] = [];
      const slots: Slot[] = [];
      // Where each placeholder is next found (-1: no more); each is searched for once per use.
      const next: Record<Slot, number> = {
        nonce: html.indexOf(needles.nonce),
        distinctId: html.indexOf(needles.distinctId),
      };
      let from = 0;
      while (next.nonce !== -1 || next.distinctId !== -1) {
        const slot: Slot =
          next.distinctId === -1 || (next.nonce !== -1 && next.nonce < next.distinctId)
            ? 'nonce'
            : 'distinctId';
        segments.push(html.subarray(from, next[slot]));
        slots.push(slot);
        from = next[slot] + needles[slot].length;
        next[slot] = html.indexOf(needles[slot], from);
      }
      segments.push(html.subarray(from));
      return { status, headers, segments, slots };
    },

    /** The page for one response: its own nonce and distinct id in the placeholders' places. */
    fill(page: PageTemplate, values: Record<Slot, string>): Buffer {
      const filled: Record<Slot, Buffer> = {
        nonce: Buffer.from(values.nonce),
        distinctId: Buffer.from(values.distinctId),
      };
      const parts: Buffer[] = [];
      page.segments.forEach((segment, i) => {
        if (i > 0) parts.push(filled[page.slots[i - 1]!]);
        parts.push(segment);
      });
      return Buffer.concat(parts);
    },

    /**
     * The cached page under `key`, else the one `render()` makes (kept when it is cacheable: a
     * whole page that was found). Requests for a page being rendered wait for that render
     * instead of starting their own. A render the database could not serve answers with the
     * page kept past its time, if there is one (stale if error).
     */
    async getOrRender(key: string, render: () => Promise<RenderedPage>): Promise<CachedAnswer> {
      const kept = get(key);
      if (kept && fresh(kept)) return { page: kept, hit: true, stale: kept.stale };
      const pending = inFlight.get(key);
      // (A render the last clear() overtook is no longer in flight: nobody joins it.)
      if (pending) {
        const shared = await pending.catch(() => null);
        if (shared?.cacheable) return { page: shared.page, hit: true, stale: false };
        // the render failed for the database and gave the stale page more time: it answers
        const now = entries.peek(key);
        if (shared?.unavailable && now && fresh(now))
          return { page: now, hit: true, stale: now.stale };
      }
      const started = generation;
      const rendering = render();
      inFlight.set(key, rendering);
      try {
        const { page, cacheable, unavailable } = await rendering;
        if (started !== generation) return { page, hit: false, stale: false };
        if (cacheable) set(key, page);
        else if (kept && entries.peek(key) === kept) {
          // Not one to keep any more (not found now, say): the old page goes.
          if (!unavailable) drop(key);
          else {
            kept.expires = Date.now() + retryMs;
            kept.stale = true;
            return { page: kept, hit: true, stale: true };
          }
        }
        return { page, hit: false, stale: false };
      } finally {
        if (inFlight.get(key) === rendering) inFlight.delete(key);
      }
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
