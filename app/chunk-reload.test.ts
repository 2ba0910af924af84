import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_GUARD_MS,
  ChunkLoadError,
  isChunkLoadError,
  shouldReloadForChunkError,
  withChunkTimeout,
} from './chunk-reload';

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
};

describe('chunk load failures (spec §8)', () => {
  it('recognises the errors browsers throw for a missing chunk', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then not again within a minute, then again later', () => {
    const storage = memory();
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    expect(shouldReloadForChunkError(error, storage, 1_000_000)).toBe(true);
    expect(shouldReloadForChunkError(error, storage, 1_000_000 + 5_000)).toBe(false);
    expect(shouldReloadForChunkError(error, storage, 1_000_000 + CHUNK_RELOAD_GUARD_MS + 1)).toBe(
      true,
    );
  });

  it('never reloads for other errors', () => {
    expect(shouldReloadForChunkError(new Error('boom'), memory(), 1)).toBe(false);
  });

  it('does not reload for a chunk that timed out: the fallback screen stays', () => {
    const error = new ChunkLoadError('timed out', { timedOut: true });
    expect(isChunkLoadError(error)).toBe(true);
    expect(shouldReloadForChunkError(error, memory(), 1_000_000)).toBe(false);
  });
});

describe('a chunk that never arrives (spec §8, §9: ChunkLoadError after 120000 ms)', () => {
  afterEach(() => void vi.useRealTimers());

  it('fails with a ChunkLoadError after 120000 ms, not before', async () => {
    vi.useFakeTimers();
    const loading = withChunkTimeout(() => new Promise<never>(() => {}));
    const settled = vi.fn();
    loading.catch(settled);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error: unknown = settled.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).name).toBe('ChunkLoadError');
    expect((error as ChunkLoadError).timedOut).toBe(true);
  });

  it('passes a chunk that arrives, or fails as it did, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(withChunkTimeout(() => Promise.resolve('module'))).resolves.toBe('module');
    const refused = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(withChunkTimeout(() => Promise.reject(refused))).rejects.toBe(refused);
    expect(vi.getTimerCount()).toBe(0);
  });
});
