import type { AppUserRecord } from '../../../contract/accounts';
import { writeRequest, type Reads } from '../../../contract/endpoints';
import type { ApiClient } from '../../api/client';
import { toSessionUser, type SessionUser } from './session-user';

/** spec §3: the session user of a server record, with businesses when it has a user_id. */
export async function withBusinesses(reads: Reads, record: AppUserRecord): Promise<SessionUser> {
  const answer = record.user_id
    ? await reads.businessDashboardLocations({ userId: record.user_id })
    : null;
  return toSessionUser(record, answer?.business_dashboard_locations ?? []);
}

/** The user of this session, from the server (null when signed out). */
export async function loadSessionUser(reads: Reads): Promise<SessionUser | null> {
  const record = await reads.me();
  if (!record || record.status !== 'valid') return null;
  return withBusinesses(reads, record);
}

/** Ends the session on the server (it also clears the cookie); local state is the caller's. */
export const endSession = (api: ApiClient) => api.post(writeRequest('signOut').path);
