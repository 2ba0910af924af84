import type { AppUserRecord, BusinessDashboardLocations } from '../../../contract/accounts';

/** spec §3, §9: the session storage key of the session user. */
export const APP_USER_KEY = 'appUser';

export interface SessionBusiness {
  /** The business (location) id. */
  clm_id: number;
  clm_name: string;
  clm_label: string;
  clm_city: string;
  clm_state: string;
}

/** spec §3: the session user, kept in session storage as `appUser`. */
export interface SessionUser {
  user_id: number;
  username: string;
  display_name: string;
  user_level: number;
  is_internal: boolean;
  vanity_url: string;
  avatarUrl: string;
  email: string | null;
  businesses: SessionBusiness[];
}

type DashboardLocation = BusinessDashboardLocations['business_dashboard_locations'][number];

/** spec §3: the session user of a server user record, with businesses from its dashboard. */
export function toSessionUser(
  record: AppUserRecord,
  businesses: readonly DashboardLocation[],
): SessionUser {
  return {
    user_id: record.user_id,
    username: record.user_name,
    display_name: record.display_name,
    user_level: record.user_level,
    is_internal: record.is_internal,
    vanity_url: record.vanity_url,
    avatarUrl: record.avatar_url,
    email: record.email,
    businesses: businesses.map((business) => ({ ...business })),
  };
}

/** spec §4: authenticated exactly when the session user has a user_id. */
export const isAuthenticated = (user: SessionUser | null | undefined): user is SessionUser =>
  typeof user?.user_id === 'number' && user.user_id > 0;

type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored session user, or null when there is none or it is unreadable. */
export function readStoredUser(storage: SessionStorageLike): SessionUser | null {
  try {
    const text = storage.getItem(APP_USER_KEY);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return isAuthenticated(value as SessionUser) ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Keeps the session copy in step with the signed-in user; null removes it (spec §4 sign-out). */
export function storeUser(storage: SessionStorageLike, user: SessionUser | null): void {
  try {
    if (isAuthenticated(user)) storage.setItem(APP_USER_KEY, JSON.stringify(user));
    else storage.removeItem(APP_USER_KEY);
  } catch {
    // storage blocked (private modes): the session cookie still holds the sign-in
  }
}
