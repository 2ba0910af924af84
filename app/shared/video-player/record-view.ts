import type { Review } from '../../../contract/reviews';
import { browserApi, browserCookie } from '../../api/browser-api';
import { DEVICE_ID_COOKIE, DEVICE_ID_KEY, ensureDeviceId } from '../../api/session';
import { MAX_WATCHED_SECONDS } from './view-tracker';
import { writeRequest } from '../../../contract/endpoints';

/** spec §7: PUT /api/v2/reviews/{id}/reads/{deviceId} with the seconds watched, to 0.1 s. */
export function readRequest(
  review: Pick<Review, 'clm_id'>,
  watchedSeconds: number,
  deviceId: string,
): { path: string; body: { watchedDuration?: number } } {
  const { path } = writeRequest('reviewRead', { id: review.clm_id, deviceId });
  // ReadBody: watchedDuration is absent when the player could not tell
  if (!Number.isFinite(watchedSeconds)) return { path, body: {} };
  const seconds = Math.min(Math.max(watchedSeconds, 0), MAX_WATCHED_SECONDS);
  return { path, body: { watchedDuration: Math.round(seconds * 10) / 10 } };
}

/**
 * Local storage, or a memory stand-in where the browser blocks it (private modes): the same
 * rule as app/api/browser-api.ts, which does not export its helper.
 */
function deviceStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    const storage = window.localStorage;
    storage.getItem(DEVICE_ID_KEY);
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
    };
  }
}

/**
 * Records that this device watched `review` (the player's onView). Browser only; a failed call is
 * logged by the API client and otherwise ignored (spec §8), so this never rejects. The call is
 * `keepalive`: the player reports a view when the visitor leaves (pagehide, the tab hidden, the
 * player unmounted), and a plain fetch would die with the page.
 */
export async function recordView(review: Review, watchedSeconds: number): Promise<void> {
  if (typeof window === 'undefined') return;
  const deviceId = ensureDeviceId(deviceStorage(), browserCookie(DEVICE_ID_COOKIE), () =>
    crypto.randomUUID(),
  );
  const { path, body } = readRequest(review, watchedSeconds, deviceId);
  await browserApi().put<null>(path, body, { keepalive: true });
}
