import { LRUCache } from 'lru-cache';

/**
 * Pages that are the same for every anonymous visitor, rendered once and sent many times
 * (docs/decisions/019-react.md). A page holds nothing of one response: no CSP nonce (its
 * policy names the hashes of its inline scripts, worked out when it is rendered) and no
 * distinct id (the browser reads its own cookie), so a kept page is its whole bytes and headers,
 * sent as they are (docs/decisions/070-pages-a-shared-cache-can-hold.md). Everything the render
 * depends on is in the key: the address, the device class (the route set, spec §2.1), the
 * visitor's flag values, the site's address and environment (the rest of the public config is
 * the same for the whole process). A visitor with a session cookie is never served from here; a
 * write that changes what public pages show empties it (ApiContext.publicDataChanged).
 *
 * Stale if error (docs/decisions/062-stale-if-error.md): a page past its time is kept (within
 * the cache's bytes) until a render replaces it. When that render could not read the database,
 * the old page answers instead of the 503, and answers again for `retryMs` before another
 * render tries: an outage outlasts the time-to-live, and anonymous visitors still get pages.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The page's UTF-8 bytes: encoded once, when rendered, not on every answer. */
  body: Buffer;
  /** The CSP sources of its inline scripts (server/csp.ts inlineScriptHashes). */
  scriptHashes: string[];
}

interface Entry extends CachedPage {
  expires: number;
  /** Kept past its time because the database could not render it again. */
  stale: boolean;
}

/** What one request gets: the page, and whether it came from memory, and past its time. */
export interface CachedAnswer {
  page: CachedPage;
  hit: boolean;
  stale: boolean;
}

/** A render's page, whether it may be kept, and whether the database could not serve it. */
export interface RenderedPage {
  page: CachedPage;
  cacheable: boolean;
  unavailable?: boolean;
}

export function createPageCache(options: {
  ttlMs: number;
  maxBytes: number;
  /** How long a stale page answers before a render tries again (the 503's Retry-After). */
  retryMs?: number;
}) {
  const retryMs = Math.min(options.ttlMs, options.retryMs ?? 5_000);
  // Least recently used first out, within the cache's bytes; a page over a quarter of them is
  // not kept. Times are the entries' own: a page past its time stays until a render replaces it.
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(1, options.maxBytes),
    maxEntrySize: Math.max(1, options.maxBytes / 4),
    sizeCalculation: (entry) => Math.max(1, entry.body.byteLength),
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();
  // Bumped by clear(): a render that started before a write never stores its page after it.
  let generation = 0;

  const drop = (key: string) => void entries.delete(key);
  /** The entry under `key`, past its time or not, made the most recently used. */
  const get = (key: string) => entries.get(key);
  const fresh = (entry: Entry) => entry.expires >= Date.now();

  function set(key: string, page: CachedPage) {
    // (lru-cache refuses an entry over maxEntrySize and drops what was under the key)
    entries.set(key, { ...page, expires: Date.now() + options.ttlMs, stale: false });
  }

  return {
    enabled: options.ttlMs > 0 && options.maxBytes > 0,
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
