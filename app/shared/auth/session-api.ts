import type { AppUserRecord, BusinessDashboardLocations } from '../../../contract/accounts';
import type { ApiClient } from '../../api/client';
import { toSessionUser, type SessionUser } from './session-user';

/** spec §3: the session user of a server record, with businesses when it has a user_id. */
export async function withBusinesses(api: ApiClient, record: AppUserRecord): Promise<SessionUser> {
  const answer = record.user_id
    ? await api.get<BusinessDashboardLocations>(
        `/api/user/${record.user_id}/business-dashboard-locations`,
      )
    : null;
  return toSessionUser(record, answer?.business_dashboard_locations ?? []);
}

/** The user of this browser's session, from the server (null when signed out). */
export async function loadSessionUser(api: ApiClient): Promise<SessionUser | null> {
  const record = await api.get<AppUserRecord | { status: 'signed_out' }>('/api/user/me');
  if (!record || record.status !== 'valid') return null;
  return withBusinesses(api, record);
}

/** Ends the session on the server (it also clears the cookie); local state is the caller's. */
export const endSession = (api: ApiClient) => api.post('/api/user/sign-out');
