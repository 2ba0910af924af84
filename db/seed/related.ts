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
  // Each place's super categories as bits and its distinct classification ids, made once.
  const superBit = new Map<string, number>();
  const rows = places.map((place) => {
    let mask = 0;
    for (const s of place.superCategories) {
      if (!superBit.has(s)) superBit.set(s, 1 << superBit.size);
      mask |= superBit.get(s) as number;
    }
    return {
      place,
      mask,
      rank: Math.fround(place.rankScore),
      ids: [...new Set(place.classificationIds)],
    };
  });
  type Row = (typeof rows)[number];
  // A city's places in the order the SQL takes candidates: rank_score (a float4) high first, then id.
  const byCity = new Map<number, Row[]>();
  for (const row of rows) {
    const list = byCity.get(row.place.cityId);
    if (list) list.push(row);
    else byCity.set(row.place.cityId, [row]);
  }
  for (const list of byCity.values())
    list.sort((a, b) => b.rank - a.rank || a.place.id - b.place.id);
  // The candidates of every kind of place in a city, once: the first RELATED_CANDIDATES + 1 that
  // share a super category (or, for a place with none, that have none too). One more than
  // needed, since a place is among its own kind's and is skipped.
  const candidatesOf = new Map<string, Row[]>();
  const candidateList = (cityId: number, mask: number) => {
    const key = `${cityId}:${mask}`;
    let list = candidatesOf.get(key);
    if (!list) {
      list = [];
      for (const other of byCity.get(cityId) ?? []) {
        if (list.length > RELATED_CANDIDATES) break;
        // o.super_categories && l.super_categories, or both have none
        if ((other.mask & mask) !== 0 || (other.mask === 0 && mask === 0)) list.push(other);
      }
      candidatesOf.set(key, list);
    }
    return list;
  };

  const related = new Map<number, number[]>();
  for (const { place, mask } of rows) {
    const own = new Set(place.classificationIds);
    const cosLat = Math.cos(place.lat * RADIANS_PER_DEGREE);
    const candidates: { id: number; shared: number; dist: number }[] = [];
    for (const other of candidateList(place.cityId, mask)) {
      if (candidates.length === RELATED_CANDIDATES) break;
      if (other.place.id === place.id) continue;
      let shared = 0;
      for (const id of other.ids) if (own.has(id)) shared++;
      const dLat = other.place.lat - place.lat;
      const dLon = (other.place.lon - place.lon) * cosLat;
      candidates.push({ id: other.place.id, shared, dist: dLat * dLat + dLon * dLon });
    }
    candidates.sort((a, b) => b.shared - a.shared || a.dist - b.dist || a.id - b.id);
    related.set(
      place.id,
      candidates.slice(0, RELATED_LIMIT).map((c) => c.id),
    );
  }
  return related;
}
