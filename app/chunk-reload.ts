import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * spec §8: after a deploy an old page asks for script chunks that no longer exist. Such a
 * failure reloads the page once; a second failure within a minute stays on the fallback
 * screen, so a broken deploy cannot loop.
 */
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';
export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** spec §8, §9: a script chunk that has not arrived after this long fails (ChunkLoadError). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A part loaded on demand that did not arrive: spec §8's ChunkLoadError. */
export class ChunkLoadError extends Error {
  /** It never arrived (as against failed at once, as a chunk removed by a deploy does). */
  readonly timedOut: boolean;

  constructor(message: string, options: { timedOut: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'ChunkLoadError';
    this.timedOut = options.timedOut;
  }
}

/**
 * `load()` (a dynamic import), failed with a ChunkLoadError when it has not settled within
 * `timeoutMs`. The browser itself may wait minutes on a stalled request; spec §9 waits two.
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new ChunkLoadError(`Loading a script chunk timed out after ${timeoutMs} ms`, {
            timedOut: true,
          }),
        ),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * React.lazy for every part loaded on demand (docs/architecture.md): a chunk that has not come
 * after CHUNK_LOAD_TIMEOUT_MS throws a ChunkLoadError to the root error boundary, whose fallback
 * screen (spec §8) replaces a page that would otherwise wait for ever.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyChunk<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => withChunkTimeout(load));
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * Whether to reload now; records the attempt when it says yes. A chunk that timed out is not
 * reloaded for: the visitor has waited two minutes already, a reload would start another wait,
 * and spec §8 ends it on the fallback screen (whose Retry is theirs to press).
 */
export function shouldReloadForChunkError(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: number,
): boolean {
  if (!isChunkLoadError(error)) return false;
  if (error instanceof ChunkLoadError && error.timedOut) return false;
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}
