/**
 * Username rules of Spotreel (spec §5 leaves them to the server; docs/decisions/014-accounts.md).
 * Pure, so the sign-up form can say what is wrong before asking the server, which also checks
 * that the name is free.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 24;

/** Paths and words that must not read as somebody's handle. */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'auth',
  'biz',
  'business',
  'city',
  'claim-business',
  'collections',
  'creators',
  'feed',
  'help',
  'idp',
  'listing',
  'location',
  'locations',
  'login',
  'logout',
  'me',
  'media',
  'moderator',
  'null',
  'official',
  'owner',
  'reviews',
  'root',
  'search',
  'settings',
  'signin',
  'signout',
  'signup',
  'spotreel',
  'staff',
  'support',
  'system',
  'team',
  'undefined',
  'users',
  'verify-business',
  'www',
]);

export type UsernameProblem =
  'too_short' | 'too_long' | 'characters' | 'start' | 'dots' | 'reserved' | 'taken';

export const USERNAME_MESSAGES: Record<UsernameProblem, string> = {
  too_short: `Use at least ${USERNAME_MIN} characters`,
  too_long: `Use at most ${USERNAME_MAX} characters`,
  characters: 'Use lowercase letters, numbers, dots and underscores only',
  start: 'Start with a letter',
  dots: "Dots can't come first, last or two in a row",
  reserved: 'That name is reserved',
  taken: 'That username is taken',
};

/** What is wrong with `username` by the rules alone (uniqueness is the server's to say). */
export function usernameProblem(username: string): Exclude<UsernameProblem, 'taken'> | null {
  if (username.length < USERNAME_MIN) return 'too_short';
  if (username.length > USERNAME_MAX) return 'too_long';
  if (!/^[a-z0-9._]+$/.test(username)) return 'characters';
  if (username.startsWith('.') || username.endsWith('.') || username.includes('..')) return 'dots';
  if (!/^[a-z]/.test(username)) return 'start';
  if (RESERVED_USERNAMES.has(username) || username.startsWith('spotreel')) return 'reserved';
  return null;
}
