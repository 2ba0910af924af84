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
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (i > 0 && best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** How many edits a typed word of this length may carry: none below 5 letters, two from 8. */
export const typosAllowed = (word: string): number =>
  word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0;

/** Whether a typed word names a vocabulary word: the same, or within its allowed typos. */
export const sameWord = (typed: string, word: string): boolean =>
  typed === word || editDistance(typed, word, typosAllowed(word)) <= typosAllowed(word);
