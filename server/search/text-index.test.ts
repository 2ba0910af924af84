import MiniSearch, { type SearchOptions } from 'minisearch';
import { describe, expect, it } from 'vitest';
import {
  bestScore,
  kthBest,
  kthLargest,
  TextIndex,
  type TextDoc,
  type TextQuery,
} from './text-index';
import { singular, words } from './text';

const FIELDS = ['name', 'label', 'tags', 'neighborhood', 'city'] as const;
type Field = (typeof FIELDS)[number];
/** Each place's `ref` is its id. */
type PlaceDoc = TextDoc<Field, number>;
const tokenize = (text: string) => words(text);
const processTerm = (term: string) => singular(term);

// A small world with common words ("coffee", "bar", "and") and rare ones ("nutmeg").
const first = ['Nutmeg', 'Little', 'Raven', 'Hoang', 'Golden', 'Blue', 'Coffee', 'The', 'Fig'];
const second = ['Coffee', 'Room', 'Bar', '& Sons', 'Spoon', 'Coffeehouse', 'Noodles', 'Wine'];
const labels = ['Coffee Shop', 'Cocktail Bar', 'Restaurant', 'Wine Bar', 'Bakery'];
const hoods = ['Little Italy', 'River North', 'Pilsen', 'Andersonville'];
const cities = ['Chicago', 'Miami', 'New York'];

function docs(): PlaceDoc[] {
  const out: PlaceDoc[] = [];
  let seed = 7;
  const pick = <T>(list: T[]) => {
    seed = (seed * 48271) % 2147483647;
    return list[seed % list.length]!;
  };
  for (let id = 1; id <= 1500; id++)
    out.push({
      id,
      ref: id,
      name: `${pick(first)} ${pick(second)}${id % 7 === 0 ? ` ${pick(first)}` : ''}`,
      label: pick(labels),
      tags: `${pick(labels)} dining`,
      neighborhood: pick(hoods),
      city: pick(cities),
    });
  // One place with a word no other has: an AND with it looks each other word up in that place
  // alone, where "coffee bar" walks the postings.
  out[0]!.name = 'Zanzibar Coffee Bar';
  return out;
}

const fuzzy = (term: string) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : false);
const everyField = (combineWith: 'AND' | 'OR', typos: boolean): TextQuery<Field> => ({
  boost: { name: 3, label: 1.5, tags: 1.5, neighborhood: 0.7, city: 0.5 },
  prefix: (_term, i, all) => i === all.length - 1,
  fuzzy: typos ? fuzzy : false,
  combineWith,
});
const namesOnly: TextQuery<Field> = {
  fields: ['name'],
  prefix: (t, i, all) => i === all.length - 1 && t.length >= 3,
  combineWith: 'AND',
};

const queries = [
  'nutmeg coffee',
  'zanzibar coffee b',
  'zanzibr coffee',
  'nutmeg coff',
  'little room',
  'hoang & sons',
  'the golden spoon',
  'coffee bar',
  'raven noodles chicago',
  'fig wine little italy',
  'nutmge coffee',
  'golden coffe',
  'coffee coffee',
  'nothing coffee',
  'blue',
];

describe('TextIndex', () => {
  const world = docs();
  const text = new TextIndex<Field, number>(FIELDS, tokenize, processTerm);
  text.addAll(world);
  const mini = new MiniSearch<PlaceDoc>({
    fields: ['name', 'label', 'tags', 'neighborhood', 'city'],
    tokenize,
    processTerm,
  });
  mini.addAll(world);

  /** The same query asked of MiniSearch. */
  const asMiniSearch = (options: TextQuery<Field>): SearchOptions => ({
    ...options,
    fields: options.fields ? [...options.fields] : undefined,
  });

  /** The same answers as MiniSearch's: the same documents, scores and matched words. */
  const expectSame = (
    query: string,
    options: TextQuery<Field>,
    only?: (id: number) => boolean,
    among?: readonly { id: number }[],
  ) => {
    const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
    const want = byId(
      mini
        .search(query, {
          ...asMiniSearch(options),
          ...(only ? { filter: (r) => only(r.id as number) } : {}),
        })
        .map((r) => ({ id: r.id as number, score: r.score, matched: r.queryTerms.length })),
    );
    const got = byId(text.search(query, options, only, among));
    expect(got.map((r) => r.id)).toEqual(want.map((r) => r.id));
    got.forEach((r, i) => {
      expect(r.score).toBeCloseTo(want[i]!.score, 9);
      expect(r.matched).toBe(want[i]!.matched);
    });
    expect(bestScore(got)).toBeCloseTo(bestScore(want), 9);
    return got.length;
  };

  it.each(queries)('finds and scores "%s" as MiniSearch does', (query) => {
    let found = 0;
    for (const options of [
      everyField('AND', false),
      everyField('AND', true),
      everyField('OR', false),
      namesOnly,
    ])
      found += expectSame(query, options);
    if (!query.startsWith('nothing')) expect(found).toBeGreaterThan(0);
  });

  it('asks which places may match before scoring, with the same answers as a filter', () => {
    const inChicago = (id: number) => world[id - 1]!.city === 'Chicago';
    for (const query of queries) {
      expectSame(query, everyField('AND', false), inChicago);
      expectSame(query, everyField('OR', true), inChicago);
      expectSame(query, namesOnly, inChicago);
    }
  });

  it('looks up the few places that may match instead of walking a common word, alike', () => {
    const inPilsen = (id: number) =>
      world[id - 1]!.city === 'Chicago' && world[id - 1]!.neighborhood === 'Pilsen';
    // Pilsen's places and a few others (`among` holds every place `only` lets, and may hold more)
    const among = world.filter((d) => inPilsen(d.id) || d.id % 50 === 0);
    expect(among.length).toBeLessThan(world.length / 8);
    let found = 0;
    for (const query of [...queries, 'dining', 'coffee dining', 'wine dinign']) {
      found += expectSame(query, everyField('AND', false), inPilsen, among);
      found += expectSame(query, everyField('OR', true), inPilsen, among);
      found += expectSame(query, namesOnly, inPilsen, among);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('stays the same after places are discarded and added again', () => {
    const again = new TextIndex<Field, number>(FIELDS, tokenize, processTerm);
    again.addAll(world);
    // Searched first: the words' postings are walked (and kept as arrays) before they change.
    for (const query of ['nutmeg coffee', 'little nutmeg', 'hoang and', 'coffee', 'little'])
      again.search(query, everyField('OR', false));
    for (const doc of world.slice(0, 700)) again.discard(doc.id);
    // Taken out and not back yet: the same as an index that never had them.
    const rest = new MiniSearch<PlaceDoc>({
      fields: ['name', 'label', 'tags', 'neighborhood', 'city'],
      tokenize,
      processTerm,
    });
    rest.addAll(world.slice(700));
    for (const query of ['coffee', 'little room'])
      expect(
        again
          .search(query, everyField('OR', false))
          .map((r) => r.id)
          .sort(),
      ).toEqual(
        rest
          .search(query, asMiniSearch(everyField('OR', false)))
          .map((r) => r.id as number)
          .sort(),
      );
    again.addAll(world.slice(0, 700).map((d) => ({ ...d, name: `${d.name} Nutmeg` })));
    const fresh = new MiniSearch<PlaceDoc>({
      fields: ['name', 'label', 'tags', 'neighborhood', 'city'],
      tokenize,
      processTerm,
    });
    fresh.addAll([
      ...world.slice(700),
      ...world.slice(0, 700).map((d) => ({ ...d, name: `${d.name} Nutmeg` })),
    ]);
    for (const query of ['nutmeg coffee', 'little nutmeg', 'hoang and']) {
      // Taken out at once: the same documents and scores as an index that never had the old ones.
      const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
      const want = byId(
        fresh
          .search(query, asMiniSearch(everyField('AND', false)))
          .map((r) => ({ id: r.id as number, score: r.score })),
      );
      const got = byId(again.search(query, everyField('AND', false)));
      expect(got.map((r) => r.id)).toEqual(want.map((r) => r.id));
      got.forEach((r, i) => expect(r.score).toBeCloseTo(want[i]!.score, 9));
      expect(got.length).toBeGreaterThan(0);
    }
  });
});

describe('TextIndex priors', () => {
  it("hands back each match's prior, the one given when it was last added (0 when none)", () => {
    const text = new TextIndex<Field, number>(FIELDS, tokenize, processTerm);
    const doc = (id: number, name: string, prior?: number): PlaceDoc => ({
      id,
      ref: id,
      ...(prior === undefined ? {} : { prior }),
      name,
      label: 'Cafe',
      tags: '',
      neighborhood: '',
      city: '',
    });
    text.addAll([doc(1, 'Fig Coffee', 40), doc(2, 'Blue Coffee', 7), doc(3, 'Fig Room')]);
    const priors = (query: string, combineWith: 'AND' | 'OR') =>
      Object.fromEntries(text.search(query, { combineWith }).map((m) => [m.id, m.prior] as const));
    expect(priors('coffee', 'AND')).toEqual({ 1: 40, 2: 7 });
    expect(priors('fig coffee', 'OR')).toEqual({ 1: 40, 2: 7, 3: 0 });
    // A document taken out and added again (its slot reused) has its new prior.
    text.discard(1);
    text.add(doc(4, 'Fig Coffee Bar', 12));
    text.add(doc(1, 'Fig Coffee', 3));
    expect(priors('coffee', 'AND')).toEqual({ 1: 3, 2: 7, 4: 12 });
  });
});

describe('kthLargest', () => {
  it('is the k-th largest of the numbers asked, as kthBest is of scores', () => {
    const list = [3, 9, 1, 7, 5];
    expect(kthLargest(list.length, (i) => list[i]!, 2)).toBe(7);
    expect(kthLargest(list.length, (i) => list[i]!, 5)).toBe(-Infinity);
    expect(kthLargest(4, (i) => [5, -Infinity, 5, 1][i]!, 2)).toBe(5);
    expect(kthLargest(4, (i) => [5, -Infinity, 2, 1][i]!, 3)).toBe(1);
  });
});

describe('kthBest', () => {
  const scores = (...list: number[]) => list.map((score) => ({ score }));
  it('is the k-th best score, ties counted', () => {
    expect(kthBest(scores(3, 9, 1, 7, 5), 2)).toBe(7);
    expect(kthBest(scores(3, 9, 1, 7, 5), 4)).toBe(3);
    expect(kthBest(scores(5, 5, 5, 1), 3)).toBe(5);
    expect(kthBest(scores(1, 2, 3, 4, 5, 6, 7, 8), 1)).toBe(8);
  });
  it('is -Infinity when there are no more than k, or k is past a page', () => {
    expect(kthBest(scores(3, 9), 2)).toBe(-Infinity);
    expect(kthBest(scores(3, 9), 0)).toBe(-Infinity);
    expect(kthBest(scores(...Array.from({ length: 500 }, (_, i) => i)), 201)).toBe(-Infinity);
  });
});
