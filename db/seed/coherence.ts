import { RELATED_RADIUS_KM } from '../derived';
import { COLLECTION_THEMES } from './world-data';
import { CITIES, type NeighborhoodSeed } from './world-geography';
import type { World } from './world';

/**
 * The invariants of a coherent seeded world (docs/decisions/075-coherent-world.md),
 * counted over a whole generated world: world-coherence.test.ts holds every count at zero, at
 * scale 1 and at scale 100.
 */

const EARTH_KM_PER_DEGREE = 111.195;

/** Distance in km between two points a city apart at most (equirectangular, exact to metres). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const cosLat = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(a.lat - b.lat, (a.lon - b.lon) * cosLat) * EARTH_KM_PER_DEGREE;
}

/** How a neighbourhood is named in a place's name: "Mission District" is "Mission". */
const namingKey = (name: string) => name.replace(/^The /, '').replace(/ (District|Street)$/, '');

const KEYS = new Map(
  CITIES.flatMap((c) => c.neighborhoods).map((n) => [
    namingKey(n.name).toLowerCase(),
    namingKey(n.name),
  ]),
);
/** Any key as whole words, the longest first: "Lower Garden" is found, not also "Garden". */
const KEY_PATTERN = new RegExp(
  `(?<![\\w'])(${[...KEYS.values()]
    .sort((a, b) => b.length - a.length)
    .map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![\\w'])`,
  'gi',
);

/** The neighbourhood names (as naming keys) a place name mentions, of any city. */
export function neighborhoodsNamedIn(placeName: string): string[] {
  return [...placeName.matchAll(KEY_PATTERN)].map(
    (match) => KEYS.get((match[1] as string).toLowerCase()) as string,
  );
}

/** Whether a place name names only its own neighbourhood, if any. */
export const namesOnlyItsNeighborhood = (placeName: string, neighborhood: string) =>
  neighborhoodsNamedIn(placeName).every((key) => key === namingKey(neighborhood));

export interface Coherence {
  places: number;
  outsideNeighborhood: number;
  streetElsewhere: number;
  zipElsewhere: number;
  namesOtherNeighborhood: number;
  nameRepeated: number;
  collectionMembersOffTitle: number;
  relatedOtherKind: number;
  relatedTooFar: number;
  examples: string[];
}

/** Counts every broken invariant of `world`; `related` is each place's related places, in order. */
export function checkCoherence(world: World, related: Map<number, number[]>): Coherence {
  const result: Coherence = {
    places: world.locations.length,
    outsideNeighborhood: 0,
    streetElsewhere: 0,
    zipElsewhere: 0,
    namesOtherNeighborhood: 0,
    nameRepeated: 0,
    collectionMembersOffTitle: 0,
    relatedOtherKind: 0,
    relatedTooFar: 0,
    examples: [],
  };
  const fail = (key: keyof Omit<Coherence, 'examples' | 'places'>, example: string) => {
    result[key]++;
    if (result.examples.length < 20) result.examples.push(`${key}: ${example}`);
  };
  const byId = new Map(world.locations.map((l) => [l.id, l]));

  for (const place of world.locations) {
    const city = CITIES[place.cityId - 1];
    const hood = city?.neighborhoods.find((n) => n.name === place.neighborhood);
    if (!hood) {
      fail('outsideNeighborhood', `${place.name}: no neighbourhood ${place.neighborhood}`);
      continue;
    }
    const km = distanceKm(place, hood);
    if (km > hood.radiusKm)
      fail('outsideNeighborhood', `${place.name} ${km.toFixed(1)} km from ${hood.name}`);
    if (!onStreetOf(place.address, hood))
      fail('streetElsewhere', `${place.name} at ${place.address}, ${hood.name}`);
    if (!hood.zipCodes.includes(place.zip))
      fail('zipElsewhere', `${place.name} ${place.zip}, ${hood.name}`);
    if (!namesOnlyItsNeighborhood(place.name, place.neighborhood))
      fail('namesOtherNeighborhood', `${place.name} in ${place.neighborhood}`);
  }

  // A name is one place's, except a chain's (none in this world): every repeat counts.
  const seen = new Set<string>();
  for (const place of world.locations) {
    if (seen.has(place.name)) fail('nameRepeated', place.name);
    seen.add(place.name);
  }

  checkCollections(world, byId, fail);

  for (const place of world.locations) {
    for (const id of related.get(place.id) ?? []) {
      const other = byId.get(id);
      if (!other) continue;
      if (other.kind !== place.kind)
        fail('relatedOtherKind', `${other.name} (${other.kind}) for ${place.name} (${place.kind})`);
      // The related query measures at the place's own latitude: a hair's difference.
      if (distanceKm(place, other) > RELATED_RADIUS_KM * 1.001)
        fail('relatedTooFar', `${other.name} for ${place.name}`);
    }
  }
  return result;
}

const onStreetOf = (address: string, hood: NeighborhoodSeed) =>
  hood.streets.some((street) => new RegExp(`^\\d+ ${street}$`).test(address));

/** Each member of an editorial collection has what its theme's title promises. */
function checkCollections(
  world: World,
  byId: Map<number, World['locations'][number]>,
  fail: (key: 'collectionMembersOffTitle', example: string) => void,
) {
  const reviewPlace = new Map(world.reviews.map((r) => [r.id, r.locationId]));
  for (const collection of world.collections) {
    const city = world.cities.find((c) => c.id === collection.cityId);
    const theme = COLLECTION_THEMES.find(
      (t) => t.name.replace('{city}', city?.name ?? '') === collection.name,
    );
    const categoryId = world.classifications.find((c) => c.safeName === theme?.category)?.id;
    for (const reviewId of collection.reviewIds) {
      const place = byId.get(reviewPlace.get(reviewId) ?? 0);
      const fits =
        theme &&
        place &&
        (!theme.superCategory || place.superCategories.includes(theme.superCategory)) &&
        (categoryId === undefined || place.classificationIds.includes(categoryId));
      if (!fits) fail('collectionMembersOffTitle', `${place?.name} in "${collection.name}"`);
    }
  }
}
