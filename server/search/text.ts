/**
 * The words of names and queries as search compares them (ADR 035): lower case, no accents or
 * punctuation, `&` as "and", apostrophes dropped ("hell's" → "hells"), and plurals as their
 * singular ("tacos" → "taco", "pastries" → "pastry"), so a query and a name meet halfway.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9@]+/g, ' ')
    .trim();
}

export function words(text: string): string[] {
  const normal = normalize(text);
  return normal === '' ? [] : normal.split(' ');
}

/** A plural's singular; other words as they are. Applied to both sides, so it need not be English-perfect. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words of a text for the index: normalized and singular. */
export const terms = (text: string): string[] => words(text).map(singular);

/**
 * Edits between two words, a swap of neighbours counting as one (optimal string alignment), or
 * `max + 1` as soon as it is sure to exceed `max`. MiniSearch's fuzzy matching counts a swap as
 * two edits; the query's place and category words are matched with this, where "twsited" and
 * "resturant" must cost one.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  // Three rows (this one, the one before, the one before that: a swap looks two back), reused
  // from search to search: this runs for every vocabulary entry a query's words are held against.
  if (rowBuffer.length < 3 * width)
    rowBuffer = new Int32Array(Math.max(3 * width, 2 * rowBuffer.length));
  const rows = rowBuffer;
  let before2 = 0;
  let before = width;
  let row = 2 * width;
  for (let j = 0; j < width; j++) rows[before + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[row] = i;
    let best = i;
    for (let j = 1; j < width; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(rows[before + j]! + 1, rows[row + j - 1]! + 1, rows[before + j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        d = Math.min(d, rows[before2 + j - 2]! + 1);
      rows[row + j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    const free = before2;
    before2 = before;
    before = row;
    row = free;
  }
  return rows[before + width - 1]!;
}
let rowBuffer = new Int32Array(96);

/** How many edits a typed word of this length may carry: none below 5 letters, two from 8. */
export const typosAllowed = (word: string): number =>
  word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0;

/** Whether a typed word names a vocabulary word: the same, or within its allowed typos. */
export const sameWord = (typed: string, word: string): boolean =>
  typed === word || editDistance(typed, word, typosAllowed(word)) <= typosAllowed(word);
