import {
  generateWorld,
  type WorldCity,
  type WorldClassification,
  type WorldLocation,
} from '../../db/seed/world';

/**
 * The cases of the search relevance suite (search-relevance.test.ts), generated from the seeded
 * world at scale 1 (the one tests/api/global-setup.ts seeds) by the rules below, so they follow
 * the world when it changes instead of naming places that may no longer exist:
 * - name: every 31st place, by its name; typo: every 37th other place, its longest word with
 *   two letters swapped, one dropped or one changed (in turn);
 * - a kind ("sushi", "cocktail bars", "nightlife"), alone or with a city: of the places carrying
 *   it (in that city), those whose name or kind says it, else all of them; the most popular
 *   (rank_score) of those must be among the first three;
 * - a neighbourhood alone: each of the first three answers is in it;
 * - a kind near a position (a city's centre): the carrier nearest it (great-circle) first three;
 * - a city, and a creator's handle: hand-picked, since neither depends on the places.
 * Meal and occasion words ("brunch", "coffee") are asked over every city by
 * search-understanding.test.ts (ADR 076), so they are not asked here.
 */
export interface Case {
  kind: string;
  query: string;
  find: 'place' | 'city' | 'person';
  /** Names of which one must be among the first three (place, city, person). */
  expect?: string;
  /** Or: each of the first three answers must pass this (a neighbourhood's places). */
  each?: { label: string; names: Set<string> };
  near?: [number, number];
}

/** A kind people type: the words, the classification (or super category) and what says it. */
interface KindWord {
  words: string[];
  /** A classification's safe name, or a super category's name. */
  carries: string;
  /** A name or kind label saying this is preferred (a "Taco Shop" for tacos). */
  says: RegExp;
}

const KIND_WORDS: KindWord[] = [
  { words: ['sushi'], carries: 'sushi', says: /sushi/i },
  { words: ['tacos', 'taco'], carries: 'tacos', says: /taco/i },
  { words: ['pizza'], carries: 'pizza', says: /pizz/i },
  { words: ['burgers'], carries: 'burgers', says: /burger/i },
  { words: ['ramen'], carries: 'ramen', says: /ramen/i },
  { words: ['vegan'], carries: 'vegan', says: /vegan/i },
  { words: ['bbq', 'barbecue'], carries: 'bbq', says: /bbq|barbecue|smoke/i },
  { words: ['seafood'], carries: 'seafood', says: /seafood/i },
  { words: ['thai'], carries: 'thai', says: /thai/i },
  { words: ['italian', 'italain'], carries: 'italian', says: /italian/i },
  { words: ['mexican food', 'mexcian food'], carries: 'mexican', says: /mexican/i },
  { words: ['restaurants', 'resturant'], carries: 'restaurant', says: /restaurant/i },
  { words: ['bars'], carries: 'bar', says: /\bbar\b/i },
  { words: ['cocktail bars'], carries: 'cocktail-bar', says: /cocktail/i },
  { words: ['wine bars'], carries: 'wine-bar', says: /wine/i },
  { words: ['breweries'], carries: 'brewery', says: /brew/i },
  { words: ['museums'], carries: 'museum', says: /museum/i },
  { words: ['hotels'], carries: 'hotel', says: /hotel/i },
  { words: ['bakeries'], carries: 'bake-shop', says: /bake/i },
  { words: ['nightlife'], carries: 'nightlife', says: /nightlife/i },
  { words: ['shopping'], carries: 'shopping', says: /shopping/i },
];

const CITIES: Case[] = [
  ['chicago', 'Chicago'],
  ['miami', 'Miami'],
  ['new york', 'New York'],
  ['austin', 'Austin'],
  ['las vegas', 'Las Vegas'],
  ['san francisco', 'San Francisco'],
  ['nashville', 'Nashville'],
  ['new orleans', 'New Orleans'],
  ['chicgao', 'Chicago'],
  ['Seatle', 'Seattle'],
].map(([query, city]) => ({ kind: 'city', query: query!, find: 'city', expect: city }));

const HANDLES: Case[] = [
  ['@bitesizedava', 'bitesizedava'],
  ['@noodlenerd_bites', 'noodlenerd_bites'],
  ['@pizzapartytina', 'pizzapartytina'],
  ['@cafehoptries', 'cafehoptries'],
  ['@spicyfam', 'spicyfam'],
  ['supperclub_gia', 'supperclub_gia'],
  ['lowkeydre', 'lowkeydre'],
  ['picnicdaily', 'picnicdaily'],
  ['supperclub_nash', 'supperclub_nash'],
  ['sidequestkai', 'sidequestkai'],
  // a letter too many, two letters swapped
  ['bitesizedavva', 'bitesizedava'],
  ['@sidequsetkai', 'sidequestkai'],
].map(([query, handle]) => ({ kind: 'handle', query: query!, find: 'person', expect: handle }));

/** A slip in the longest word of a name: the `n`th of swap, drop, change. */
export function typo(name: string, n: number): string {
  const words = name.split(' ');
  const longest = words.reduce((a, b) => (b.replace(/\W/g, '').length > a.length ? b : a), '');
  const at = Math.floor(longest.length / 2);
  const slipped = [
    longest.slice(0, at - 1) + longest[at] + longest[at - 1] + longest.slice(at + 1),
    longest.slice(0, at) + longest.slice(at + 1),
    longest.slice(0, at) + (longest[at] === 'x' ? 'z' : 'x') + longest.slice(at + 1),
  ][n % 3]!;
  return words.map((w) => (w === longest ? slipped : w)).join(' ');
}

const distanceKm = (a: [number, number], b: [number, number]) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 +
    Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
};

/** Generates the suite's cases from the seeded world. */
export function relevanceCases(): Case[] {
  const world = generateWorld();
  const places = [...world.locations].sort((a, b) => a.id - b.id);
  const kindLabels = new Map(places.map((p) => [p.id, p.label]));
  const byName = new Map<string, WorldClassification>(
    world.classifications.map((c) => [c.safeName, c]),
  );
  const carries = (kind: KindWord) => (p: WorldLocation) => {
    const c = byName.get(kind.carries);
    return c
      ? p.classificationIds.includes(c.id)
      : p.superCategories.includes(kind.carries as never);
  };
  const best = (kind: KindWord, among: WorldLocation[]): WorldLocation | undefined => {
    const carriers = among.filter(carries(kind));
    const saying = carriers.filter((p) => kind.says.test(`${p.name} ${kindLabels.get(p.id)}`));
    return (saying.length > 0 ? saying : carriers).sort(
      (a, b) => b.rankScore - a.rankScore || a.id - b.id,
    )[0];
  };
  const cases: Case[] = [];
  places
    .filter((_, i) => i % 31 === 0)
    .forEach((p) => cases.push({ kind: 'name', query: p.name, find: 'place', expect: p.name }));
  places
    .filter((_, i) => i % 37 === 5)
    .forEach((p, n) =>
      cases.push({ kind: 'typo', query: typo(p.name, n), find: 'place', expect: p.name }),
    );
  for (const kind of KIND_WORDS)
    for (const word of kind.words) {
      const place = best(kind, places);
      if (place) cases.push({ kind: 'category', query: word, find: 'place', expect: place.name });
    }
  cases.push(...whatWhere(world.cities, places, best), ...neighbourhoods(places));
  cases.push(...nearMe(world.cities, places, carries), ...CITIES, ...HANDLES);
  return cases;
}

/** Each kind's first word with a city that has it, the cities in turn, "in" every other time. */
function whatWhere(
  cities: WorldCity[],
  places: WorldLocation[],
  best: (kind: KindWord, among: WorldLocation[]) => WorldLocation | undefined,
): Case[] {
  const cases: Case[] = [];
  KIND_WORDS.forEach((kind, n) => {
    for (let step = 0; step < cities.length; step++) {
      const city = cities[(n * 5 + step) % cities.length]!;
      const place = best(
        kind,
        places.filter((p) => p.cityId === city.id),
      );
      if (!place) continue;
      const where = n % 2 === 0 ? city.name.toLowerCase() : `in ${city.name.toLowerCase()}`;
      const query = `${kind.words[0]} ${where}`;
      cases.push({ kind: 'what+where', query, find: 'place', expect: place.name });
      return;
    }
  });
  return cases;
}

/**
 * Every 9th neighbourhood with three places or more: each of the first three answers is in it
 * (in any city of that name: several cities have a Chinatown).
 */
function neighbourhoods(places: WorldLocation[]): Case[] {
  const groups = new Map<string, WorldLocation[]>();
  for (const p of places) {
    const key = p.neighborhood.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.values()]
    .filter((group) => group.length >= 3)
    .filter((_, i) => i % 9 === 0)
    .map((group) => {
      const name = group[0]!.neighborhood;
      return {
        kind: 'neighbourhood',
        query: name.toLowerCase(),
        find: 'place' as const,
        each: { label: `in ${name}`, names: new Set(group.map((p) => p.name)) },
      };
    });
}

/** A kind near a city's centre: the nearest carrier. Four kinds, four cities. */
function nearMe(
  cities: WorldCity[],
  places: WorldLocation[],
  carries: (kind: KindWord) => (p: WorldLocation) => boolean,
): Case[] {
  const asks: [string, string][] = [
    ['tacos', 'tacos nearby'],
    ['bars', 'bars near me'],
    ['pizza', 'pizza near me'],
    ['hotels', 'hotels near me'],
  ];
  return asks.map(([word, query], n) => {
    const kind = KIND_WORDS.find((k) => k.words[0] === word)!;
    const city = cities[(n * 4 + 1) % cities.length]!;
    const near: [number, number] = [city.lat, city.lon];
    const nearest = places
      .filter(carries(kind))
      .sort((a, b) => distanceKm(near, [a.lat, a.lon]) - distanceKm(near, [b.lat, b.lon]))[0]!;
    return { kind: 'near me', query, find: 'place' as const, expect: nearest.name, near };
  });
}
