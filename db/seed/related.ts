import { RELATED_CANDIDATES, RELATED_LIMIT } from '../derived';
import type { WorldLocation } from './world';

/** PostgreSQL's radians(): the degrees times RADIANS_PER_DEGREE (0.0174532925199432957692 as a float8). */
const RADIANS_PER_DEGREE = 0.017453292519943295;

type Place = Pick<
  WorldLocation,
  'id' | 'cityId' | 'lat' | 'lon' | 'rankScore' | 'superCategories' | 'classificationIds'
>;

/**
 * The related places of every place, as `computeRelatedLocations` (db/derived.ts) computes them
 * in SQL, computed in memory for the seed: the same candidates (the city's best-ranked places
 * sharing a super category, ties by id), the same order (shared classifications, distance, id).
 * The seed writes the result; the SQL computes the places a later write adds. A test holds the
 * two equal (related.test.ts).
 */
export function relatedOfAll(places: readonly Place[]): Map<number, number[]> {
  // Candidates come in the order the SQL takes them: rank_score (a float4) high first, then id.
  const rank = (p: Place) => Math.fround(p.rankScore);
  const byCity = new Map<number, Place[]>();
  for (const place of places) {
    const list = byCity.get(place.cityId);
    if (list) list.push(place);
    else byCity.set(place.cityId, [place]);
  }
  for (const list of byCity.values()) list.sort((a, b) => rank(b) - rank(a) || a.id - b.id);

  // Each place's super categories as bits and its distinct classification ids, made once.
  const bits = new Map<number, number>();
  const distinct = new Map<number, number[]>();
  const superBit = new Map<string, number>();
  for (const place of places) {
    let mask = 0;
    for (const s of place.superCategories) {
      if (!superBit.has(s)) superBit.set(s, 1 << superBit.size);
      mask |= superBit.get(s) as number;
    }
    bits.set(place.id, mask);
    distinct.set(place.id, [...new Set(place.classificationIds)]);
  }

  const related = new Map<number, number[]>();
  for (const place of places) {
    const own = new Set(place.classificationIds);
    const mine = bits.get(place.id) as number;
    const cosLat = Math.cos(place.lat * RADIANS_PER_DEGREE);
    const candidates: { id: number; shared: number; dist: number }[] = [];
    for (const other of byCity.get(place.cityId) ?? []) {
      if (candidates.length === RELATED_CANDIDATES) break;
      if (other.id === place.id) continue;
      const theirs = bits.get(other.id) as number;
      // o.super_categories && l.super_categories, or both have none
      if ((theirs & mine) === 0 && !(theirs === 0 && mine === 0)) continue;
      let shared = 0;
      for (const id of distinct.get(other.id) as number[]) if (own.has(id)) shared++;
      const dLat = other.lat - place.lat;
      const dLon = (other.lon - place.lon) * cosLat;
      candidates.push({ id: other.id, shared, dist: dLat * dLat + dLon * dLon });
    }
    candidates.sort((a, b) => b.shared - a.shared || a.dist - b.dist || a.id - b.id);
    related.set(
      place.id,
      candidates.slice(0, RELATED_LIMIT).map((c) => c.id),
    );
  }
  return related;
}
