import { describe, expect, it } from 'vitest';
import { checkCoherence, distanceKm, neighborhoodsNamedIn } from './coherence';
import { relatedOfAll } from './related';
import { generateWorld, primaryOf } from './world';
import { PLACE_KINDS } from './world-data';
import { CITIES } from './world-geography';

/** Every invariant of a coherent world holds over the whole world (docs/decisions/075-coherent-world.md). */
function expectCoherent(scale: number) {
  const world = generateWorld({ scale });
  const coherence = checkCoherence(world, relatedOfAll(world.locations));
  const { examples, places, ...counts } = coherence;
  expect(places).toBe(world.locations.length);
  expect(counts, examples.join('\n')).toEqual({
    outsideNeighborhood: 0,
    streetElsewhere: 0,
    zipElsewhere: 0,
    namesOtherNeighborhood: 0,
    nameRepeated: 0,
    collectionMembersOffTitle: 0,
    relatedOtherKind: 0,
    relatedTooFar: 0,
  });
  return world;
}

describe('a coherent world', () => {
  it('holds at scale 1', () => {
    const world = expectCoherent(1);
    expect(world.collections.length).toBe(world.cities.length * 6);
  });

  it('holds at scale 100', () => {
    expectCoherent(100);
  }, 240_000);

  it('has neighbourhoods inside their city, each with streets and ZIP codes of its own', () => {
    for (const city of CITIES) {
      expect(new Set(city.neighborhoods.map((n) => n.name)).size).toBe(city.neighborhoods.length);
      for (const hood of city.neighborhoods) {
        // Summerlin and Centennial Hills lie 17 km out of central Las Vegas.
        expect(distanceKm(city, hood), `${city.name} ${hood.name}`).toBeLessThan(20);
        expect(hood.radiusKm).toBeGreaterThan(0);
        expect(hood.radiusKm).toBeLessThanOrEqual(2.5);
        expect(hood.streets.length).toBeGreaterThanOrEqual(3);
        expect(hood.zipCodes.length).toBeGreaterThanOrEqual(1);
        for (const zip of hood.zipCodes) expect(zip).toMatch(/^\d{5}$/);
      }
    }
  });

  it('counts what breaks the invariants', () => {
    const world = generateWorld();
    const [a, b] = world.locations as [
      (typeof world.locations)[number],
      (typeof world.locations)[number],
    ];
    a.lat += 0.1;
    a.zip = '00000';
    a.address = '1 Nowhere St';
    b.name = `${a.name}`;
    const other = world.locations.find((l) => l.kind !== b.kind && l.cityId === b.cityId);
    const related = new Map([[b.id, [other?.id ?? 0]]]);
    expect(checkCoherence(world, related)).toMatchObject({
      outsideNeighborhood: 1,
      streetElsewhere: 1,
      zipElsewhere: 1,
      nameRepeated: 1,
      relatedOtherKind: 1,
    });
  });

  it('gives every kind of place a primary classification of its own', () => {
    const primaries = PLACE_KINDS.map((kind) => primaryOf(kind)[1]);
    expect(new Set(primaries).size).toBe(PLACE_KINDS.length);
  });

  it('finds the neighbourhood a name names, the longest name first', () => {
    expect(neighborhoodsNamedIn('Hyde Park Pie Shop')).toEqual(['Hyde Park']);
    expect(neighborhoodsNamedIn('Lower Garden District Eatery')).toEqual(['Lower Garden']);
    expect(neighborhoodsNamedIn('Mission Trattoria')).toEqual(['Mission']);
    expect(neighborhoodsNamedIn("Rossi's Trattoria")).toEqual([]);
  });
});
