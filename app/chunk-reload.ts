/**
 * spec §8: after a deploy an old page asks for script chunks that no longer exist. Such a
 * failure reloads the page once; a second failure within a minute stays on the fallback
 * screen, so a broken deploy cannot loop.
 */
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** Whether to reload now; records the attempt when it says yes. */
export function shouldReloadForChunkError(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: number,
): boolean {
  if (!isChunkLoadError(error)) return false;
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}
