/**
 * The visitor's recent searches (issue 38): the words of the last few searches this browser
 * made, newest first, offered by every search box before anything is typed. They stay in this
 * browser's local storage only; nothing is sent anywhere.
 */
import { MAX_TERM_LENGTH } from '../../search-params';

export const RECENT_SEARCHES_KEY = 'spotreel:recent-searches';
export const MAX_RECENT_SEARCHES = 5;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Local storage, or null where the browser blocks it (private modes): then nothing is kept. */
function store(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored list, tolerating anything a person or an older build left under the key. */
export function parseRecentSearches(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (item): item is string =>
          typeof item === 'string' && item.trim() !== '' && item.length <= MAX_TERM_LENGTH,
      )
      .slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

/** `words` first; the same words in another case or spacing are one search, not two. */
export function withRecentSearch(list: readonly string[], words: string): string[] {
  const term = words.trim().replace(/\s+/g, ' ');
  if (term === '') return [...list];
  const same = (item: string) => item.toLowerCase() === term.toLowerCase();
  return [term, ...list.filter((item) => !same(item))].slice(0, MAX_RECENT_SEARCHES);
}

export function readRecentSearches(): string[] {
  try {
    return parseRecentSearches(store()?.getItem(RECENT_SEARCHES_KEY) ?? null);
  } catch {
    return [];
  }
}

export function rememberSearch(words: string): void {
  try {
    store()?.setItem(
      RECENT_SEARCHES_KEY,
      JSON.stringify(withRecentSearch(readRecentSearches(), words)),
    );
  } catch {
    // A full or blocked storage only means the search is not offered again.
  }
}
