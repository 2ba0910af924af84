import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, shouldReloadForChunkError } from './chunk-reload';

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
});
