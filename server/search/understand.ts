import { nicknamesOf } from './city-nicknames';
import { OCCASIONS } from './occasions';
import { editDistance, normalize, sameWord, singular, words } from './text';

/**
 * Query understanding (ADR 035): which words of a query name a place to look in (a city, a
 * neighbourhood, "near me") and which name what to find, and whether what to find is a category
 * or cuisine. Pure: the vocabulary comes from the index (the database's cities, neighbourhoods
 * and classifications).
 */

/** `occasion`: a meal or occasion word ("dinner", "happy hour"): occasions.ts says what answers it. */
export type TagKind = 'cuisine' | 'category' | 'food_and_drink' | 'super_category' | 'occasion';

export interface VocabularyTag {
  kind: TagKind;
  /** classifications.id, or null for a super category (dining, nightlife …) or an occasion. */
  id: number | null;
  safeName: string;
  name: string;
}

export interface Vocabulary {
  /** `state`: its code ("IL"), which may follow its name ("chicago il"). */
  cities: { id: number; name: string; state?: string }[];
  neighborhoods: { name: string; cityId: number }[];
  tags: VocabularyTag[];
}

export interface Understanding {
  /** The words left to match names and tags with, normalized. */
  what: string;
  cityId: number | null;
  /** The neighbourhood named, and the cities that have one by that name. */
  neighborhood: { name: string; cityIds: number[] } | null;
  nearMe: boolean;
  /** The category or cuisine the whole of `what` names ("tacos", "cocktail bars", "nightlife"). */
  tag: VocabularyTag | null;
  /** The query was a handle: `@name`. */
  handle: boolean;
}

/** Words that join what and where ("tacos in new york", "bars near soho"). */
const CONNECTORS = new Set(['in', 'near', 'at', 'around', 'by', 'on']);
/** Words that say nothing about what to find when a category is named ("best tacos", "sushi spots"). */
const FILLERS = new Set([
  ...['best', 'good', 'great', 'top', 'spot', 'place', 'the', 'a', 'some'],
  // "where to get lunch", "spots for a date night", "dinner tonight"
  ...['for', 'where', 'to', 'get', 'grab', 'go', 'tonight', 'today', 'idea', 'option'],
]);
/** Words that say nothing beside a word that names a kind ("late night food", "dinner restaurants"). */
const SOFT_FILLERS = new Set(['food', 'eat', 'eats', 'bite', 'restaurant', 'meal']);
const NEAR_ME = [['near', 'me'], ['nearby'], ['around', 'me'], ['close', 'to', 'me'], ['closest']];

/**
 * Other words for the super categories and the categories people type but the data spells
 * otherwise. The classifications' own names and safe names are matched as they are.
 */
export const SYNONYMS: Record<string, string[]> = {
  'super_category:nightlife': ['nightlife', 'night life', 'night out', 'going out'],
  'super_category:dining': ['dining', 'food', 'eats', 'places to eat', 'eat'],
  'super_category:hotel': ['hotels', 'stays', 'lodging', 'places to stay'],
  'super_category:experiences': ['experiences', 'things to do', 'activities', 'fun'],
  'super_category:shopping': ['shopping', 'shops', 'stores'],
  'category:restaurant': ['restaurant'],
  'category:bar': ['bar', 'pub'],
  'category:cafe': ['cafe', 'coffee shop'],
  'category:nightclub': ['club', 'clubs', 'dancing'],
  'cuisine:bbq': ['barbecue', 'bbq'],
  'cuisine:burgers': ['burger'],
};

/** The meal and occasion words as tags (occasions.ts), named by their first word. */
const occasionTags: VocabularyTag[] = Object.entries(OCCASIONS).map(([safeName, o]) => ({
  kind: 'occasion',
  id: null,
  safeName,
  name: o.words[0]!.replace(/^./, (c) => c.toUpperCase()),
}));

/** A vocabulary phrase as words to compare: normalized, singular. */
const phraseWords = (text: string) => words(text).map(singular);

/** Whether `typed` (already singular) spells `phrase` word for word, typos allowed. */
function matchesPhrase(typed: string[], phrase: string[]): boolean {
  return typed.length === phrase.length && phrase.every((w, i) => sameWord(typed[i]!, w));
}

/** Precomputed words of every vocabulary entry: singular, and joined by spaces as `key`. */
export interface CompiledVocabulary {
  /** `aliases`: its abbreviations and nicknames (city-nicknames.ts), as typed words. */
  cities: { id: number; words: string[]; key: string; aliases: string[]; state: string }[];
  neighborhoods: { name: string; words: string[]; key: string; cityIds: number[] }[];
  tags: { tag: VocabularyTag; phrases: string[][]; exact: Set<string> }[];
  /** Every word of the tags' phrases ("cocktail", "bar"): no slip of a city's name. */
  tagWords: Set<string>;
}

export function compileVocabulary(vocabulary: Vocabulary): CompiledVocabulary {
  const neighborhoods = new Map<
    string,
    { name: string; words: string[]; key: string; cityIds: number[] }
  >();
  for (const n of vocabulary.neighborhoods) {
    const key = phraseWords(n.name).join(' ');
    if (key === '') continue;
    const entry = neighborhoods.get(key) ?? {
      name: n.name,
      words: key.split(' '),
      key,
      cityIds: [],
    };
    if (!entry.cityIds.includes(n.cityId)) entry.cityIds.push(n.cityId);
    neighborhoods.set(key, entry);
  }
  // Occasions first: "coffee" and "happy hour" are also classifications, and mean the occasion.
  const tags = [...occasionTags, ...vocabulary.tags].map((tag) => {
    const texts = [
      tag.name,
      tag.safeName.replace(/-/g, ' '),
      ...(SYNONYMS[`${tag.kind}:${tag.safeName}`] ?? []),
      ...(tag.kind === 'occasion' ? (OCCASIONS[tag.safeName]?.words ?? []) : []),
    ];
    const phrases = texts.map(phraseWords).filter((p) => p.length > 0);
    return { tag, phrases, exact: new Set(phrases.map((p) => p.join(' '))) };
  });
  return {
    cities: vocabulary.cities.map((c) => {
      const cityWords = phraseWords(c.name);
      const aliases = nicknamesOf(c.name, normalize).map((a) => words(a).join(' '));
      return {
        id: c.id,
        words: cityWords,
        key: cityWords.join(' '),
        aliases,
        state: (c.state ?? '').toLowerCase(),
      };
    }),
    neighborhoods: [...neighborhoods.values()],
    tags,
    tagWords: new Set(tags.flatMap((t) => t.phrases.flat())),
  };
}

/**
 * The longest run of `list` that names an entry of `entries`, searched from the end. The
 * entries' words are singular already (compileVocabulary).
 */
function findPhrase<T extends { words: string[]; key: string }>(
  list: string[],
  entries: T[],
  known: (word: string) => boolean,
): { entry: T; start: number; end: number } | null {
  const typedWords = list.map(singular);
  for (let length = Math.min(4, list.length); length >= 1; length--) {
    // Spelled right first, then with typos.
    for (const typos of [false, true]) {
      for (let start = list.length - length; start >= 0; start--) {
        const typed = typedWords.slice(start, start + length);
        // Words the places' names spell as typed are no typo for a place ("the jolly" names
        // The Jolly Pig, not the neighbourhood Holly).
        if (typos && typed.every(known)) continue;
        const key = typed.join(' ');
        const entry = entries.find((e) => (typos ? matchesPhrase(typed, e.words) : key === e.key));
        if (entry) return { entry, start, end: start + length };
      }
    }
  }
  return null;
}

/** Drop words[start, end) and a connector right before it ("in", "near"). */
function without(list: string[], start: number, end: number): string[] {
  const before = start > 0 && CONNECTORS.has(list[start - 1]!) ? start - 1 : start;
  return [...list.slice(0, before), ...list.slice(end)];
}

/** The tag whole of `list` names, exact spellings before ones with typos. */
export function tagOf(
  list: string[],
  vocabulary: CompiledVocabulary,
  typos = true,
): VocabularyTag | null {
  const whole = list.map(singular);
  const all = whole.filter((w) => !FILLERS.has(w));
  const lean = all.filter((w) => !SOFT_FILLERS.has(w));
  const typed = lean.length > 0 ? lean : all;
  if (typed.length === 0) return null;
  // A kind whose own name holds a filler ("things to do", "food hall") is spelled out before
  // fillers are dropped.
  const tag =
    tagOfWords(whole, vocabulary, false) ??
    tagOfWords(all, vocabulary, false) ??
    tagOfWords(typed, vocabulary, typos);
  if (tag) return tag;
  // "dinner and drinks": what the first names (then the second).
  const and = typed.indexOf('and');
  if (and <= 0) return null;
  return (
    tagOfWords(typed.slice(0, and), vocabulary, typos) ??
    tagOfWords(typed.slice(and + 1), vocabulary, typos)
  );
}

function tagOfWords(
  typed: string[],
  vocabulary: CompiledVocabulary,
  typos: boolean,
): VocabularyTag | null {
  if (typed.length === 0) return null;
  const key = typed.join(' ');
  const exact = vocabulary.tags.find((t) => t.exact.has(key));
  if (exact) return exact.tag;
  if (!typos) return null;
  const near = vocabulary.tags.find((t) => t.phrases.some((p) => matchesPhrase(typed, p)));
  return near?.tag ?? null;
}

/**
 * `known`: whether a word (normalized, singular) is a word of places' names as it is spelled; such
 * words are not read as a city or neighbourhood with typos.
 */
export function understand(
  term: string,
  vocabulary: CompiledVocabulary,
  known: (word: string) => boolean = () => false,
): Understanding {
  const handle = term.trim().startsWith('@');
  let list = words(term)
    .map((w) => w.replace(/^@/, ''))
    .filter((w) => w !== '');
  const nothing: Understanding = {
    what: list.join(' '),
    cityId: null,
    neighborhood: null,
    nearMe: false,
    tag: null,
    handle,
  };
  if (handle) return nothing;

  let nearMe = false;
  for (const phrase of NEAR_ME) {
    for (let i = 0; i + phrase.length <= list.length; i++) {
      if (phrase.every((w, k) => list[i + k] === w)) {
        list = [...list.slice(0, i), ...list.slice(i + phrase.length)];
        nearMe = true;
        break;
      }
    }
  }

  let cityId: number | null = null;
  const city = findCity(list, vocabulary, known);
  if (city) {
    cityId = city.id;
    list = without(list, city.start, city.end);
  }

  let neighborhood: Understanding['neighborhood'] = null;
  const candidates =
    cityId === null
      ? vocabulary.neighborhoods
      : vocabulary.neighborhoods.filter((n) => n.cityIds.includes(cityId));
  // Words that spell a category or cuisine are not a neighbourhood with a typo ("bakery" is
  // not Denver's "Baker").
  const spelledTag = tagOf(list, vocabulary, false);
  const hood = spelledTag ? null : findPhrase(list, candidates, known);
  if (hood) {
    neighborhood = {
      name: hood.entry.name,
      cityIds: cityId === null ? hood.entry.cityIds : [cityId],
    };
    list = without(list, hood.start, hood.end);
  }
  // A trailing connector left behind ("sushi in") joins nothing.
  while (list.length > 0 && CONNECTORS.has(list.at(-1)!)) list = list.slice(0, -1);

  return {
    what: list.join(' '),
    cityId,
    neighborhood,
    nearMe,
    tag: tagOf(list, vocabulary),
    handle,
  };
}

type CityEntry = CompiledVocabulary['cities'][number];

/**
 * The city `list` names, anywhere in it (ADR 076): its name or a nickname as typed, the longest
 * first, then its name with a slip (one edit, two in a long name: "new yrok", "philadelpia").
 * Its state code right after it goes with it ("austin tx").
 */
function findCity(
  list: string[],
  vocabulary: CompiledVocabulary,
  known: (word: string) => boolean,
): { id: number; start: number; end: number } | null {
  const exact = exactCity(list, vocabulary, known);
  // A slip in a longer name around a word spelled right ("lbs vegas", "vegas" a nickname).
  const slip = cityWithSlip(list, vocabulary, known, exact ? exact.end - exact.start + 1 : 1);
  const found =
    slip && (!exact || (slip.start <= exact.start && slip.end >= exact.end)) ? slip : exact;
  if (!found) return null;
  const { entry, start } = found;
  let end = found.end;
  if (end < list.length && entry.state !== '' && list[end] === entry.state) end += 1;
  return { id: entry.id, start, end };
}

function exactCity(
  list: string[],
  vocabulary: CompiledVocabulary,
  known: (word: string) => boolean,
): { entry: CityEntry; start: number; end: number } | null {
  const singulars = list.map(singular);
  for (let length = Math.min(4, list.length); length >= 1; length--) {
    for (let start = list.length - length; start >= 0; start--) {
      const end = start + length;
      const key = singulars.slice(start, end).join(' ');
      const typed = list.slice(start, end).join(' ');
      const named = vocabulary.cities.find((c) => c.key === key);
      if (named) return { entry: named, start, end };
      const nick = vocabulary.cities.find((c) => c.aliases.includes(typed));
      if (nick && nicknameMeantAsCity(list, start, end, vocabulary, known))
        return { entry: nick, start, end };
    }
  }
  return null;
}

/**
 * A nickname that is also a word of places' names ("la" of La Cocina, "vegas") names the city
 * only where a city goes: after "in"/"near", at the end of the query, or beside words that name
 * a kind of place ("vegas drinks").
 */
function nicknameMeantAsCity(
  list: string[],
  start: number,
  end: number,
  vocabulary: CompiledVocabulary,
  known: (word: string) => boolean,
): boolean {
  if (!list.slice(start, end).every(known)) return true;
  if (start > 0 && CONNECTORS.has(list[start - 1]!)) return true;
  if (start > 0 && end === list.length) return true;
  const rest = without(list, start, end);
  return rest.length > 0 && tagOf(rest, vocabulary, false) !== null;
}

/** Spans of `shortest` words or more, the longest first. */
function cityWithSlip(
  list: string[],
  vocabulary: CompiledVocabulary,
  known: (word: string) => boolean,
  shortest: number,
): { entry: CityEntry; start: number; end: number } | null {
  const singulars = list.map(singular);
  for (let length = Math.min(4, list.length); length >= shortest; length--) {
    for (let start = list.length - length; start >= 0; start--) {
      const span = singulars.slice(start, start + length);
      // A span that begins or ends with "in" or "near" is no name.
      if (CONNECTORS.has(span[0]!) || CONNECTORS.has(span.at(-1)!)) continue;
      // Words spelled as places' names spell them are no slip ("austin" is not "justin"),
      // unless one of them is spelled as the city's ("nw york": "nw" of NW 2nd Ave).
      const spelled = span.every(known);
      const typed = span.join(' ');
      const entry = vocabulary.cities.find((c) => {
        if (spelled && !c.words.some((w) => span.includes(w))) return false;
        // One edit from four letters ("rmoe" is Rome), two from ten.
        const letters = c.key.replace(/ /g, '').length;
        const allowed = letters >= 10 ? 2 : letters >= 4 ? 1 : 0;
        return allowed > 0 && editDistance(typed, c.key, allowed) <= allowed;
      });
      // Nor are words that name what to find ("cocktail bars" is not Bari).
      const what = (w: string) =>
        FILLERS.has(w) || (vocabulary.tagWords.has(w) && !entry?.words.includes(w));
      if (entry && !span.some(what)) return { entry, start, end: start + length };
    }
  }
  return null;
}
