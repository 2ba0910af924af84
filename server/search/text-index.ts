import SearchableMap from 'minisearch/SearchableMap';

/**
 * Words of places and people and their scores (ADR 035, 047): an inverted index scored as
 * MiniSearch scores (BM25+ per field with its boosts, prefix and typo matches weighted down, a
 * match's score times the number of the query's words it carries), with MiniSearch's radix tree
 * for prefixes and typos.
 *
 * Why not MiniSearch itself, as before: it answers an AND of words by scoring every document that
 * carries each word and then keeping those that carry all of them. For "nutmeg coffee" at
 * SEED_SCALE=100 that is every place with "coffee" in its name, kind or tags, thousands, to keep
 * the two named Nutmeg; "bar fox" scored 27,000 postings. Here the rarest word is asked first,
 * and each other word only for the documents still in the running: looked up one by one when
 * they are few, or its postings walked once when they are not. Which documents may match at all
 * (a city, a neighbourhood) is asked before one is scored, not after, and scores add up in one
 * number per document, not an object with its matched words; answers come in no order, as the
 * callers keep only a page of them (a common word matches thousands).
 */

/**
 * A document: an id, what a match hands back (`ref`, the caller's record), a text per field, and
 * `prior`, a number of the caller's handed back with each match too (a place's rank). A common
 * word matches thousands of documents whose records lie far apart in memory, and reading each
 * costs more than scoring it: the priors are read from one array instead.
 */
export type TextDoc<F extends string, T> = { id: number; ref: T; prior?: number } & Record<
  F,
  string
>;

export interface TextMatch<T> {
  id: number;
  ref: T;
  /** The document's `prior` (0 when it gave none). */
  prior: number;
  score: number;
  /** How many of the query's distinct words the document carries (an OR may match only some). */
  matched: number;
}

export interface TextQuery<F extends string> {
  /** The fields to look in (all when absent) and their weights (1 when absent). */
  fields?: readonly F[];
  boost?: Partial<Record<F, number>>;
  /** Whether a word also finds the longer words it starts ("cof" → "coffee"). */
  prefix?: (term: string, i: number, all: string[]) => boolean;
  /** How many typos a word may carry (false: none). */
  fuzzy?: false | ((term: string, i: number, all: string[]) => number | false);
  combineWith: 'AND' | 'OR';
}

/** MiniSearch's defaults (ADR 035 tuned the search against them). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/**
 * What looking a document up in a word's postings (a hash probe per field) costs against a step
 * of walking them (reading two arrays): the walk is chosen unless lookups are this much fewer.
 */
const LOOKUP_COST = 1;

/** One word's documents, per field: the document's slot → how often the word is in that field. */
interface Postings {
  fields: (Map<number, number> | undefined)[];
  /**
   * The same per field as two arrays to walk (slots, counts), made when first walked and dropped
   * when the word's documents change: walking a Map makes an entry array per document, and a
   * common word has thousands.
   */
  packed?: ({ slots: Int32Array; counts: Uint32Array } | undefined)[];
  /** Documents carrying the word in any field (the cost of walking it). */
  docs: number;
  /** The word's length: a prefix match is weighed by it, without building the word again. */
  chars: number;
}

/** A field's postings as arrays (made once until the word's documents change). */
function packedField(postings: Postings, f: number) {
  const inField = postings.fields[f];
  if (!inField) return undefined;
  const packed = (postings.packed ??= []);
  let field = packed[f];
  if (!field) {
    field = { slots: new Int32Array(inField.size), counts: new Uint32Array(inField.size) };
    let i = 0;
    for (const [slot, count] of inField) {
      field.slots[i] = slot;
      field.counts[i++] = count;
    }
    packed[f] = field;
  }
  return field;
}

/** A word of the query as asked: each indexed word it stands for, with its weight. */
interface Asked {
  term: string;
  derived: { postings: Postings; weight: number }[];
  cost: number;
}

/**
 * Numbers kept per document slot for one search: `mark[slot] === generation` says the slot is
 * set in this search (no clearing between searches; a new generation forgets the old marks).
 */
class Marks {
  mark = new Uint32Array(0);
  value = new Float64Array(0);
  private generation = 0;

  /** A new, empty set over `size` slots. */
  reset(size: number): number {
    if (this.mark.length < size) {
      const capacity = Math.max(size, this.mark.length * 2, 1024);
      this.mark = new Uint32Array(capacity);
      this.value = new Float64Array(capacity);
      this.generation = 0;
    }
    if (this.generation === 0xffffffff) {
      this.mark.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }
}

export class TextIndex<F extends string, T> {
  private readonly words = new SearchableMap<Postings>();
  /** Documents are numbered by slot (reused once free): its id, field lengths and words. */
  private readonly slotOf = new Map<number, number>();
  private readonly idAt: number[] = [];
  private readonly refAt: (T | undefined)[] = [];
  private readonly priorAt: number[] = [];
  /** slot × fields + field → the field's length in distinct words (as MiniSearch counts it). */
  private readonly lengthAt: number[] = [];
  /** Each slot's indexed words, to take its document out again. */
  private readonly wordsAt: (string[] | undefined)[] = [];
  private readonly free: number[] = [];
  private readonly totalLength: number[];
  /** A word's scores as its postings are walked, and the documents still in an AND. */
  private readonly scores = new Marks();
  private readonly running = new Marks();

  constructor(
    private readonly fields: readonly F[],
    private readonly tokenize: (text: string) => string[],
    private readonly processTerm: (term: string) => string,
  ) {
    this.totalLength = fields.map(() => 0);
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** Whether some document carries the word as it is spelled (after `processTerm`). */
  hasWord(word: string): boolean {
    const term = this.processTerm(word);
    return term !== '' && this.words.has(term);
  }

  addAll(docs: TextDoc<F, T>[]): void {
    for (const doc of docs) this.add(doc);
  }

  add(doc: TextDoc<F, T>): void {
    if (this.slotOf.has(doc.id)) throw new Error(`${doc.id} is already in the index`);
    const slot = this.free.pop() ?? this.idAt.length;
    const width = this.fields.length;
    const all = new Set<string>();
    this.fields.forEach((field, f) => {
      const tokens = this.tokenize(doc[field] as string);
      const length = new Set(tokens).size;
      this.lengthAt[slot * width + f] = length;
      this.totalLength[f]! += length;
      for (const token of tokens) {
        const term = this.processTerm(token);
        if (!term) continue;
        let postings = this.words.get(term);
        if (!postings)
          this.words.set(term, (postings = { fields: [], docs: 0, chars: term.length }));
        const inField = (postings.fields[f] ??= new Map());
        inField.set(slot, (inField.get(slot) ?? 0) + 1);
        postings.packed = undefined;
        if (!all.has(term)) {
          all.add(term);
          postings.docs += 1;
        }
      }
    });
    this.slotOf.set(doc.id, slot);
    this.idAt[slot] = doc.id;
    this.refAt[slot] = doc.ref;
    this.priorAt[slot] = doc.prior ?? 0;
    this.wordsAt[slot] = [...all];
  }

  discard(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const width = this.fields.length;
    for (let f = 0; f < width; f++) this.totalLength[f]! -= this.lengthAt[slot * width + f]!;
    for (const term of this.wordsAt[slot] ?? []) {
      const postings = this.words.get(term)!;
      for (const inField of postings.fields) inField?.delete(slot);
      postings.packed = undefined;
      postings.docs -= 1;
      if (postings.docs === 0) this.words.delete(term);
    }
    this.slotOf.delete(id);
    this.idAt[slot] = -1;
    this.refAt[slot] = undefined;
    this.wordsAt[slot] = undefined;
    this.free.push(slot);
  }

  /**
   * Documents matching the query's words, in no order (`bestScore` finds the top score). `only`
   * says which documents may match at all; it is asked before one is scored.
   */
  search(
    query: string,
    options: TextQuery<F>,
    only?: (ref: T) => boolean,
    /**
     * Documents, by id, that hold every one `only` lets (the shortest list of a search's filters:
     * a neighbourhood's or a city's places, a category's): when looking each up takes fewer probes
     * than walking a word's postings, they are looked up instead.
     */
    among?: readonly { id: number }[],
  ): TextMatch<T>[] {
    const all = this.tokenize(query)
      .map((t) => this.processTerm(t))
      .filter((t) => t !== '');
    if (all.length === 0) return [];
    const width = this.fields.length;
    const fields = (options.fields ?? this.fields).map((field) => ({
      f: this.fields.indexOf(field),
      boost: options.boost?.[field] ?? 1,
    }));
    const count = this.slotOf.size;
    const average = this.totalLength.map((total) => (count > 0 ? total / count : 0));
    const asked = all.map((term, i) =>
      this.ask(
        term,
        options.prefix?.(term, i, all) ?? false,
        options.fuzzy ? options.fuzzy(term, i, all) : false,
      ),
    );
    const { idAt, refAt, priorAt, lengthAt } = this;
    const size = idAt.length;

    /** A word's score in one document (undefined: it does not carry the word). */
    const scoreIn = (word: Asked, slot: number): number | undefined => {
      let score: number | undefined;
      for (const { postings, weight } of word.derived)
        for (const { f, boost } of fields) {
          const inField = postings.fields[f];
          const tf = inField?.get(slot);
          if (tf === undefined) continue;
          const idf = inverse(inField!.size, count);
          score =
            (score ?? 0) + weight * boost * bm25(tf, idf, lengthAt[slot * width + f]!, average[f]!);
        }
      return score;
    };
    /**
     * A word's scores in every document carrying it, among the running ones (else those `only`
     * lets): its slots, their scores in `this.scores` under the generation returned.
     */
    const walk = (word: Asked, within: number): { slots: number[]; generation: number } => {
      const generation = this.scores.reset(size);
      const { mark, value } = this.scores;
      const runMark = this.running.mark;
      const slots: number[] = [];
      for (const { postings, weight } of word.derived)
        for (const { f, boost } of fields) {
          const inField = packedField(postings, f);
          if (!inField) continue;
          const { slots: inSlots, counts } = inField;
          const idf = inverse(inSlots.length, count);
          const average_ = average[f]!;
          for (let i = 0; i < inSlots.length; i++) {
            const slot = inSlots[i]!;
            if (within !== 0 ? runMark[slot] !== within : only && !only(refAt[slot]!)) continue;
            const tf = counts[i]!;
            const score = weight * boost * bm25(tf, idf, lengthAt[slot * width + f]!, average_);
            if (mark[slot] === generation) value[slot]! += score;
            else {
              mark[slot] = generation;
              value[slot] = score;
              slots.push(slot);
            }
          }
        }
      return { slots, generation };
    };
    /**
     * As walk(word, 0), from `among` when looking each of them up costs less than the walk
     * (scores in `this.scores` all the same).
     */
    const gather = (word: Asked): { slots: number[]; generation: number } => {
      if (!among) return walk(word, 0);
      // A walk's steps: every posting of each field asked; a lookup's: each field holding the word.
      let walkSteps = 0;
      let probes = 0;
      for (const { postings } of word.derived)
        for (const { f } of fields) {
          const inField = postings.fields[f];
          if (!inField) continue;
          walkSteps += inField.size;
          probes += 1;
        }
      if (among.length * probes * LOOKUP_COST >= walkSteps) return walk(word, 0);
      const generation = this.scores.reset(size);
      const { mark, value } = this.scores;
      const slots: number[] = [];
      for (const { id } of among) {
        const slot = this.slotOf.get(id);
        if (slot === undefined || mark[slot] === generation) continue;
        if (only && !only(refAt[slot]!)) continue;
        const score = scoreIn(word, slot);
        if (score === undefined) continue;
        mark[slot] = generation;
        value[slot] = score;
        slots.push(slot);
      }
      return { slots, generation };
    };

    const distinct = new Set(all).size;
    if (options.combineWith === 'AND') {
      // The rarest word first; each next one only where all before it are.
      const order = [...asked].sort((a, b) => a.cost - b.cost);
      const first = gather(order[0]!);
      let slots = first.slots;
      const sums = slots.map((slot) => this.scores.value[slot]!);
      for (const word of order.slice(1)) {
        if (slots.length === 0) break;
        let kept = 0;
        if (slots.length * word.derived.length * fields.length * LOOKUP_COST < word.cost) {
          for (let i = 0; i < slots.length; i++) {
            const score = scoreIn(word, slots[i]!);
            if (score === undefined) continue;
            slots[kept] = slots[i]!;
            sums[kept++] = sums[i]! + score;
          }
        } else {
          const within = this.running.reset(size);
          for (const slot of slots) this.running.mark[slot] = within;
          const { generation } = walk(word, within);
          const { mark, value } = this.scores;
          for (let i = 0; i < slots.length; i++) {
            const slot = slots[i]!;
            if (mark[slot] !== generation) continue;
            slots[kept] = slot;
            sums[kept++] = sums[i]! + value[slot]!;
          }
        }
        slots = slots.slice(0, kept);
      }
      return slots.map((slot, i) => ({
        id: idAt[slot]!,
        ref: refAt[slot]!,
        prior: priorAt[slot]!,
        score: sums[i]! * distinct,
        matched: distinct,
      }));
    }
    // OR: every document carrying any word, its score times how many of the words it carries.
    const totals = new Map<number, { score: number; words: Set<string> }>();
    for (const word of asked) {
      const { slots } = gather(word);
      for (const slot of slots) {
        const score = this.scores.value[slot]!;
        const total = totals.get(slot);
        if (total) {
          total.score += score;
          total.words.add(word.term);
        } else totals.set(slot, { score, words: new Set([word.term]) });
      }
    }
    return [...totals].map(([slot, { score, words }]) => ({
      id: idAt[slot]!,
      ref: refAt[slot]!,
      prior: priorAt[slot]!,
      score: score * words.size,
      matched: words.size,
    }));
  }

  /** The indexed words a query word stands for, weighted as MiniSearch weighs them. */
  private ask(term: string, prefix: boolean, typos: number | false): Asked {
    const derived: Asked['derived'] = [];
    const exact = this.words.get(term);
    if (exact) derived.push({ postings: exact, weight: 1 });
    // Each indexed word once: the word itself, then longer words it starts, then words within
    // its typos that it does not start. Told apart by their postings and start, not by a set of
    // the words: a short word starts hundreds of handles, and spelling each out and hashing it
    // cost more than the rest of the search.
    if (prefix)
      for (const postings of this.words.atPrefix(term).values()) {
        if (postings === exact) continue;
        const length = postings.chars;
        const distance = length - term.length;
        derived.push({ postings, weight: (PREFIX_WEIGHT * length) / (length + 0.3 * distance) });
      }
    if (typos)
      for (const [word, [postings, distance]] of this.words.fuzzyGet(term, typos)) {
        if (distance === 0 || (prefix && word.startsWith(term))) continue;
        derived.push({ postings, weight: (FUZZY_WEIGHT * word.length) / (word.length + distance) });
      }
    return { term, derived, cost: derived.reduce((n, d) => n + d.postings.docs, 0) };
  }
}

/** The best score among matches (1 when there are none, so that dividing by it is safe). */
export function bestScore(matches: readonly { score: number }[]): number {
  let top = -Infinity;
  for (const m of matches) if (m.score > top) top = m.score;
  return matches.length > 0 ? top : 1;
}

/**
 * The `k`-th best score among matches: -Infinity when there are no more than `k`, or when `k` is
 * deeper than a page (200) and keeping the best `k` would cost more than it saves.
 */
export function kthBest(matches: readonly { score: number }[], k: number): number {
  return kthLargest(matches.length, (i) => matches[i]!.score, k);
}

/** As kthBest, of the `count` numbers `valueAt(0 … count - 1)`. */
export function kthLargest(count: number, valueAt: (i: number) => number, k: number): number {
  if (k <= 0 || k > 200 || count <= k) return -Infinity;
  const top: number[] = []; // the best k so far, worst first
  for (let at = 0; at < count; at++) {
    const value = valueAt(at);
    if (top.length === k) {
      if (value <= top[0]!) continue;
      top.shift();
    }
    let i = 0;
    while (i < top.length && top[i]! < value) i++;
    top.splice(i, 0, value);
  }
  return top[0]!;
}

/** BM25's inverse document frequency, as MiniSearch computes it. */
const inverse = (df: number, count: number) => Math.log(1 + (count - df + 0.5) / (df + 0.5));

function bm25(tf: number, idf: number, length: number, average: number): number {
  return (
    idf *
    (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / average)))
  );
}
