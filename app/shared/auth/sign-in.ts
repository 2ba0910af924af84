import type { AppUserRecord, SignUpBody, SocialSignInUser } from '../../../contract/accounts';
import { slugify } from '../../../contract/slug';
import { USERNAME_MAX, usernameProblem } from '../../../contract/username';
import type { ApiClient } from '../../api/client';
import { readsOver } from '../../api/reads';
import type { PopupAnswer } from './auth-popup';
import type { SessionUser } from './session-user';
import { loadSessionUser, withBusinesses } from './session-api';
import { writeRequest } from '../../../contract/endpoints';

export const PROVIDERS = [
  { id: 'google', label: 'Google', type: 'google.com' },
  { id: 'facebook', label: 'Facebook', type: 'facebook.com' },
  { id: 'apple', label: 'Apple', type: 'apple.com' },
] as const;
export type ProviderName = (typeof PROVIDERS)[number]['id'];

const providerOf = (name: string) => PROVIDERS.find((provider) => provider.id === name);

/**
 * spec §4, §8: the server knows nobody behind this provider account. Carries the provider user
 * and the ID token so the flow can go on to sign-up.
 */
export class NoAppUserError extends Error {
  readonly providerUser: SocialSignInUser;
  readonly idToken: string;

  constructor(providerUser: SocialSignInUser, idToken: string) {
    super('No app user found');
    this.name = 'NoAppUserError';
    this.providerUser = providerUser;
    this.idToken = idToken;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The §3 social sign-in user in a popup's answer, or null when the provider gave none. */
export function socialUserOf(value: unknown): SocialSignInUser | null {
  if (!value || typeof value !== 'object') return null;
  const user = value as Record<string, unknown>;
  const providerId = text(user.providerId);
  const serviceId = text(user.serviceId);
  const provider = PROVIDERS.find((candidate) => candidate.type === user.providerType);
  if (!providerId || !serviceId || !provider) return null;
  return {
    displayName: text(user.displayName),
    email: text(user.email),
    // spec §3: the phone number without its leading plus, or null
    phoneNumber: text(user.phoneNumber)?.replace(/^\+/, '') ?? null,
    photoUrl: text(user.photoUrl),
    providerId,
    providerType: provider.type,
    serviceId,
  };
}

/** spec §3: the sign-up payload — phone and photo only when present, merged with the extras. */
export function signUpPayload(user: SocialSignInUser, extras: { username: string }): SignUpBody {
  return {
    displayName: user.displayName,
    email: user.email,
    isNewUser: true,
    makeConcierge: false,
    providerId: user.providerId,
    providerType: user.providerType,
    serviceId: user.serviceId,
    ...(user.phoneNumber ? { phoneNumber: user.phoneNumber.replace(/^\+/, '') } : {}),
    ...(user.photoUrl ? { photoUrl: user.photoUrl } : {}),
    ...extras,
  };
}

/**
 * spec §4 sign-in: the provider popup, then the server is asked about the person. Resolves the
 * session user, or null when the popup was closed; rejects with NoAppUserError for a new person,
 * 'No user found' when the provider gave no user and 'Provider {x} not supported'.
 */
export async function signIn(
  api: ApiClient,
  provider: string,
  popup: (provider: ProviderName) => Promise<PopupAnswer | null>,
): Promise<SessionUser | null> {
  const known = providerOf(provider);
  if (!known) throw new Error(`Provider ${provider} not supported`);
  let answer: PopupAnswer | null;
  try {
    answer = await popup(known.id);
  } catch (error) {
    // spec §8: a provider's failure is logged and re-thrown
    console.error(`${known.label} sign-in failed`, error);
    throw error;
  }
  if (answer === null) return null;
  const user = socialUserOf(answer.user);
  if (!user || !answer.idToken) throw new Error('No user found');
  const signInCall = writeRequest('signIn');
  const result = await api.request<AppUserRecord | { status: 'user_not_found' }>(
    signInCall.method,
    signInCall.path,
    { body: user, token: answer.idToken },
  );
  if (result.status === 'user_not_found') throw new NoAppUserError(user, answer.idToken);
  return withBusinesses(readsOver(api), result);
}

/** spec §4 sign-up: registers the app user; the caller stores it as the session user. */
export async function signUp(
  api: ApiClient,
  pending: Pick<NoAppUserError, 'providerUser' | 'idToken'>,
  username: string,
): Promise<SessionUser> {
  const { method, path } = writeRequest('register');
  const record = await api.request<AppUserRecord>(method, path, {
    body: signUpPayload(pending.providerUser, { username }),
    token: pending.idToken,
  });
  return withBusinesses(readsOver(api), record);
}

export interface UsernameCheck {
  status: 'valid' | 'invalid';
  username: string;
  reason?: string;
  message?: string;
}

/** The server's username check (rules, reserved words, taken); null when it did not answer. */
export const checkUsername = (api: ApiClient, username: string) =>
  api.post<UsernameCheck>(writeRequest('checkUsername').path, { username });

export interface ProfileChanges {
  username?: string;
  display_name?: string;
  bio?: string;
}

/** spec §4: saving succeeds only when the answer's status is 'valid'; then the user is reloaded. */
export async function saveUser(
  api: ApiClient,
  user: Pick<SessionUser, 'user_id'>,
  changes: ProfileChanges,
): Promise<SessionUser> {
  const { method, path } = writeRequest('saveUser');
  const answer = await api.request<{ status: string }>(method, path, {
    body: { user_id: user.user_id, ...changes },
  });
  if (answer?.status !== 'valid') throw new Error('Your profile was not saved. Try again.');
  const reloaded = await loadSessionUser(readsOver(api));
  if (!reloaded)
    throw new Error('Your profile was saved, but your session has ended. Sign in again.');
  return reloaded;
}

/** A username to start from: the person's name or email, made to fit the rules. */
export function suggestUsername(user: { displayName: string | null; email: string | null }) {
  // the slug rule of every URL (contract/slug.ts), with dots where a slug has hyphens
  const base = slugify(user.displayName ?? user.email?.split('@')[0] ?? '')
    .replace(/-/g, '.')
    .replace(/^[^a-z]+/, '')
    .slice(0, USERNAME_MAX)
    .replace(/\.+$/, '');
  return usernameProblem(base) ? '' : base;
}
