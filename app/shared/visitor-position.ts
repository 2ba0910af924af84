/**
 * The visitor's position, for "distance" and "near me" (issue 18, ADR 036). Asked of the
 * browser only when the visitor picks distance or their words say "near me"; rounded to two
 * decimals (about a kilometre) before anything keeps or sends it; kept for this tab only
 * (sessionStorage, never a cookie or the address), so a shared link never carries where its
 * sharer was and the server's pages stay the same for everyone.
 */

export interface Position {
  lat: number;
  lon: number;
}

const STORAGE_KEY = 'spotreel.position';
/** Two decimals: about 1.1 km north–south, less east–west. */
export const POSITION_DECIMALS = 2;

export const roundCoordinate = (value: number): number => {
  const factor = 10 ** POSITION_DECIMALS;
  // `+ 0` turns -0 into 0, so the address of a read is one string per place
  return Math.round(value * factor) / factor + 0;
};

export const roundPosition = (lat: number, lon: number): Position => ({
  lat: roundCoordinate(lat),
  lon: roundCoordinate(lon),
});

let remembered: Position | null = null;

/** The position this tab was given, or null (always null on the server). */
export function visitorPosition(): Position | null {
  if (typeof window === 'undefined') return null;
  if (remembered) return remembered;
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (
      stored &&
      typeof stored === 'object' &&
      typeof (stored as Position).lat === 'number' &&
      typeof (stored as Position).lon === 'number'
    )
      remembered = roundPosition((stored as Position).lat, (stored as Position).lon);
  } catch {
    // storage refused or unreadable: no position
  }
  return remembered;
}

function remember(position: Position) {
  remembered = position;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(position));
  } catch {
    // storage refused: kept in memory for this page only
  }
}

export type PositionOutcome =
  { ok: true; position: Position } | { ok: false; reason: 'denied' | 'unavailable' };

/** Asks the browser where the visitor is (the browser may ask them); rounded and kept. */
export function requestVisitorPosition(): Promise<PositionOutcome> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator))
    return Promise.resolve({ ok: false, reason: 'unavailable' });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position = roundPosition(coords.latitude, coords.longitude);
        remember(position);
        resolve({ ok: true, position });
      },
      (error) =>
        resolve({
          ok: false,
          reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
        }),
      // A city-level answer is all we use: no GPS fix, a recent one will do.
      { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  });
}

/** Whether the browser already lets this site know the position (then asking shows no prompt). */
export async function positionAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state === 'granted';
  } catch {
    return false;
  }
}
