import { RELATED_LIMIT, RELATED_MAX_DIST } from '../derived';
import type { WorldLocation } from './world';

/** PostgreSQL's radians(): the degrees times RADIANS_PER_DEGREE (0.0174532925199432957692 as a float8). */
const RADIANS_PER_DEGREE = 0.017453292519943295;

type Place = Pick<WorldLocation, 'id' | 'cityId' | 'lat' | 'lon' | 'classificationIds'>;

/**
 * The related places of every place, as `computeRelatedLocations` (db/derived.ts) computes them
 * in SQL, computed in memory for the seed: the others of the city with the same primary
 * classification (the first id) within RELATED_RADIUS_KM, nearest first, ties by id. The seed
 * writes the result; the SQL computes the places a later write adds. A test holds the two equal
 * (related.test.ts).
 */
export function relatedOfAll(places: readonly Place[]): Map<number, number[]> {
  const groups = new Map<string, Place[]>();
  for (const place of places) {
    const key = `${place.cityId}:${place.classificationIds[0]}`;
    const list = groups.get(key);
    if (list) list.push(place);
    else groups.set(key, [place]);
  }
  const related = new Map<number, number[]>();
  for (const place of places) {
    // No classification, no kind: none related (the SQL's null subscript matches nothing).
    if (place.classificationIds[0] === undefined) {
      related.set(place.id, []);
      continue;
    }
    const cosLat = Math.cos(place.lat * RADIANS_PER_DEGREE);
    const near: { id: number; dist: number }[] = [];
    for (const other of groups.get(`${place.cityId}:${place.classificationIds[0]}`) ?? []) {
      if (other.id === place.id) continue;
      const dLat = other.lat - place.lat;
      const dLon = (other.lon - place.lon) * cosLat;
      const dist = dLat * dLat + dLon * dLon;
      if (dist <= RELATED_MAX_DIST) near.push({ id: other.id, dist });
    }
    near.sort((a, b) => a.dist - b.dist || a.id - b.id);
    related.set(
      place.id,
      near.slice(0, RELATED_LIMIT).map((c) => c.id),
    );
  }
  return related;
}
