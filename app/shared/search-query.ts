/**
 * When a typed term is worth a wonder-search call, shared by every box that searches as you type
 * (the search box, the business place finder). Pure, so it is tested without a browser.
 */

/** Fewer letters than this match too much to be useful, so no call is made. */
export const MIN_SEARCH_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 200;

/** The trimmed term worth sending, or null while it is shorter than MIN_SEARCH_CHARS. */
export function searchableTerm(input: string): string | null {
  const term = input.trim().replace(/\s+/g, ' ');
  return [...term].length >= MIN_SEARCH_CHARS ? term : null;
}
