/**
 * What the database can store, checked at the edge before a value gets near it
 * (docs/decisions/023-input-edge.md). Every id column is a PostgreSQL `integer` (serial), so an
 * id runs from 1 to 2147483647; text and JSON text hold no NUL character and no half of a UTF-16
 * surrogate pair (PostgreSQL refuses both). Plain rules, no zod: the web app may use them too.
 */

/** The largest id: PostgreSQL's `integer`, the type of every id column. */
export const MAX_ID = 2_147_483_647;

/** What an id must be, as a phrase after the field's name. */
export const ID_RULE = `must be a whole number from 1 to ${MAX_ID}`;

/** The id these digits write, or null when they write none (not digits, 0, past MAX_ID). */
export function idFromDigits(digits: string): number | null {
  if (!/^[0-9]{1,10}$/.test(digits)) return null;
  const id = Number(digits);
  return id >= 1 && id <= MAX_ID ? id : null;
}

// A NUL, a high surrogate not followed by a low one, a low one not after a high one.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What keeps this text out of the database, as a phrase after the field's name, or null. */
export function unstorableText(text: string): string | null {
  const found = UNSTORABLE.exec(text);
  if (!found) return null;
  return found[0] === '\u0000'
    ? 'must not contain a NUL character (\\u0000)'
    : 'must not contain half of a UTF-16 surrogate pair (a broken emoji or symbol)';
}

const EVERY_UNSTORABLE = new RegExp(UNSTORABLE.source, 'g');

/** The text with whatever the database cannot store replaced by U+FFFD, to quote it safely. */
export const storableCopy = (text: string) => text.replace(EVERY_UNSTORABLE, '\uFFFD');
