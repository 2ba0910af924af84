import { describe, expect, it } from 'vitest';
import { generateWorld, type WorldCity, type WorldLocation } from '../../db/seed/world';
import { api } from './client';

/**
 * Search understands what people type (issue 38, ADR 076): a relevance suite generated from the
 * seeded world (scale 1, as tests/api/global-setup.ts seeds it), not from a hand-picked list.
 * For every city of the world it asks a meal or occasion word with the city (before or after
 * it, with "in", "near" or "around" or none), the city's common abbreviations, the city's name
 * with one letter dropped, swapped or changed, "near me" from a position in the city, and a bare
 * kind of place (a cuisine or category its places carry) from that position.
 *
 * The right answers come from the world's places, their kinds and coordinates:
 * - with a city: a place in that city of a kind the word names (OCCASIONS below, the table of
 *   docs/product-rules.md's search section); k = the fewer of 5 and how many the city has;
 * - with a position: a place of the right kind no farther than the k-th nearest such place.
 * Precision at five: the share of the first k answers that are right. A query is "all right"
 * when each of its first k is. Every kind of query must reach TARGET on both.
 */
const TARGET = 0.95;

interface Occasion {
  /** Any of these classifications (safe names) … */
  tags: string[];
  /** … on a place whose kind is one of these (its first super category, or any of them). */
  kinds: string[];
  firstKindOnly: boolean;
}

/** What a meal or occasion word asks for (spec §7 search; ADR 076). */
const OCCASIONS: Record<string, Occasion> = {
  dinner: { tags: ['restaurant'], kinds: ['dining'], firstKindOnly: true },
  lunch: { tags: ['restaurant', 'food-hall'], kinds: ['dining'], firstKindOnly: true },
  brunch: {
    tags: ['brunch-spot', 'brunch', 'bottomless-mimosas'],
    kinds: ['dining'],
    firstKindOnly: true,
  },
  breakfast: {
    tags: ['brunch-spot', 'brunch', 'cafe', 'bake-shop'],
    kinds: ['dining'],
    firstKindOnly: true,
  },
  coffee: { tags: ['cafe', 'coffee'], kinds: ['dining'], firstKindOnly: true },
  drinks: { tags: [], kinds: ['nightlife'], firstKindOnly: false },
  'happy hour': { tags: ['happy-hour'], kinds: ['nightlife'], firstKindOnly: false },
  'late night': {
    tags: ['late-night', 'late-night-eats', 'nightclub'],
    kinds: ['dining', 'nightlife'],
    firstKindOnly: false,
  },
  'date night': { tags: ['date-night'], kinds: ['dining', 'nightlife'], firstKindOnly: false },
};

/** Abbreviations and nicknames people type, by the city's name (only the world's are asked). */
const NICKNAMES: Record<string, string[]> = {
  'New York': ['nyc', 'ny'],
  'Los Angeles': ['la'],
  'San Francisco': ['sf', 'san fran'],
  'New Orleans': ['nola'],
  Philadelphia: ['philly'],
  'Las Vegas': ['vegas'],
  Atlanta: ['atl'],
  Chicago: ['chi town'],
  Boston: ['beantown'],
  Austin: ['atx'],
  Washington: ['dc'],
};

const world = generateWorld({ scale: 1 });
const tagId = new Map(world.classifications.map((c) => [c.safeName, c.id]));
const tagName = new Map(world.classifications.map((c) => [c.id, c]));
const byId = new Map(world.locations.map((l) => [l.id, l]));

function fits(place: WorldLocation, o: Occasion): boolean {
  const kinds = o.firstKindOnly ? place.superCategories.slice(0, 1) : place.superCategories;
  if (!kinds.some((k) => o.kinds.includes(k))) return false;
  return o.tags.length === 0 || o.tags.some((t) => place.classificationIds.includes(tagId.get(t)!));
}

const km = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
};

interface Case {
  kind: string;
  query: string;
  /** Whether a place answers the question (its kind, and its city when one is named). */
  right: (place: WorldLocation) => boolean;
  near?: { lat: number; lon: number };
}

/** One letter dropped, two swapped, one changed: in the middle of the name's longest word. */
function typos(name: string): string[] {
  const longest = name.split(' ').reduce((a, b) => (b.length > a.length ? b : a));
  const at = name.indexOf(longest) + Math.floor(longest.length / 2);
  const changed = name[at] === 'x' ? 'z' : 'x';
  return [
    name.slice(0, at) + name.slice(at + 1),
    name.slice(0, at - 1) + name[at] + name[at - 1] + name.slice(at + 1),
    name.slice(0, at) + changed + name.slice(at + 1),
  ].map((t) => t.toLowerCase());
}

function casesFor(city: WorldCity, i: number): Case[] {
  const words = Object.keys(OCCASIONS);
  // Each city gets each word, in turn with a different way of naming the city.
  const inCity = (word: string) => (p: WorldLocation) =>
    p.cityId === city.id && fits(p, OCCASIONS[word]!);
  const name = city.name.toLowerCase();
  const forms = [
    (w: string) => `${w} ${name}`,
    (w: string) => `${w} in ${name}`,
    (w: string) => `${name} ${w}`,
    (w: string) => `${w} near ${city.name}`,
    (w: string) => `${w} around ${name}`,
    (w: string) => `in ${name} ${w}`,
  ];
  const cases: Case[] = words.map((w, j) => ({
    kind: 'meal + city',
    query: forms[(i + j) % forms.length]!(w),
    right: inCity(w),
  }));
  for (const [j, nick] of (NICKNAMES[city.name] ?? []).entries()) {
    for (const [k, w] of [
      words[(i + j) % words.length]!,
      words[(i + j + 4) % words.length]!,
    ].entries())
      cases.push({
        kind: 'abbreviation',
        query: k === 0 ? `${w} ${nick}` : `${w} in ${nick}`,
        right: inCity(w),
      });
  }
  for (const [j, typo] of typos(city.name).entries()) {
    const w = words[(i + j * 3) % words.length]!;
    cases.push({ kind: 'city typo', query: `${w} ${typo}`, right: inCity(w) });
  }
  // Positions in the city: its centre and one of its places.
  const places = world.locations.filter((l) => l.cityId === city.id);
  const spots = [{ lat: city.lat, lon: city.lon }, places[i % places.length]!];
  for (const [j, spot] of spots.entries()) {
    const w = words[(i + j * 5) % words.length]!;
    cases.push({
      kind: 'near me',
      query: `${w} near me`,
      near: { lat: spot.lat, lon: spot.lon },
      right: (p) => fits(p, OCCASIONS[w]!),
    });
  }
  // Bare kinds: the cuisines and categories its places carry, a few per city.
  const carried = [...new Set(places.flatMap((p) => p.classificationIds))]
    .map((id) => tagName.get(id)!)
    .filter((t) => t.kind === 'cuisine' || t.kind === 'category')
    .filter((t) => !(t.name.toLowerCase() in OCCASIONS))
    .sort((a, b) => a.id - b.id);
  for (let j = 0; j < 4 && carried.length > 0; j++) {
    const tag = carried[(i * 7 + j * 5) % carried.length]!;
    cases.push({
      kind: 'kind + position',
      query: tag.name.toLowerCase(),
      near: spots[j % 2]!,
      right: (p) => p.classificationIds.includes(tag.id),
    });
  }
  return cases;
}

const CASES = world.cities.flatMap((city, i) => casesFor(city, i));

interface Answer {
  data: { locations?: { clm_id: number }[] };
  understood?: { nearest_alternatives?: boolean };
}

/** Precision at five of one case: right answers among the first k, and k. */
async function score(c: Case): Promise<{ right: number; k: number; got: string[] }> {
  const near = c.near ? `&lat=${c.near.lat}&lon=${c.near.lon}` : '';
  const { status, body } = await api<Answer>(
    `/api/v2/search/wonder-search?term=${encodeURIComponent(c.query)}&include=locations&limit=5${near}`,
  );
  expect(status).toBe(200);
  const got = (body.data.locations ?? []).map((l) => byId.get(l.clm_id));
  let candidates = world.locations.filter(c.right);
  if (c.near) {
    // Right: of the kind, and no farther than the k-th nearest of the kind.
    const origin = c.near;
    const sorted = candidates.map((p) => km(origin, p)).sort((a, b) => a - b);
    const limit = (sorted[Math.min(5, sorted.length) - 1] ?? 0) + 0.01;
    candidates = candidates.filter((p) => km(origin, p) <= limit);
  }
  const rightIds = new Set(candidates.map((p) => p.id));
  const k = Math.min(5, rightIds.size);
  const right = got.slice(0, k).filter((p) => p && rightIds.has(p.id)).length;
  return { right, k, got: got.map((p) => (p ? `${p.name} (${p.kind})` : '?')) };
}

describe('search understands what people type', () => {
  it(`answers each kind of query with right places at five, ${TARGET * 100}% or better`, async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(world.cities.length * 15);
    const byKind = new Map<string, { precision: number; allRight: number; all: number }>();
    const misses: string[] = [];
    for (const c of CASES) {
      const { right, k, got } = await score(c);
      const kind = byKind.get(c.kind) ?? { precision: 0, allRight: 0, all: 0 };
      kind.all += 1;
      kind.precision += k === 0 ? 1 : right / k;
      if (right === k) kind.allRight += 1;
      else misses.push(`${c.kind} "${c.query}": ${right}/${k} right: ${got.join(', ')}`);
      byKind.set(c.kind, kind);
    }
    const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
    const table = [...byKind].map(
      ([kind, s]) =>
        `  ${kind.padEnd(16)} ${String(s.all).padStart(4)} queries  P@5 ${pct(s.precision / s.all).padStart(6)}  all right ${pct(s.allRight / s.all).padStart(6)}`,
    );
    console.info(
      `search understanding (${CASES.length} queries over ${world.cities.length} cities):\n${table.join('\n')}` +
        (misses.length > 0 ? `\n  missed:\n  ${misses.slice(0, 40).join('\n  ')}` : ''),
    );
    for (const [kind, s] of byKind) {
      expect(s.precision / s.all, `${kind} precision at five`).toBeGreaterThanOrEqual(TARGET);
      expect(s.allRight / s.all, `${kind} queries all right`).toBeGreaterThanOrEqual(TARGET);
    }
  });
});
