import type { Growth, ListingInfo } from '../../../contract/business';
import type { Location } from '../../../contract/locations';
import type { VideoList } from '../../../contract/reviews';
import type { Reads } from '../../../contract/endpoints';
import type { DashboardTab } from '../../route-sets';
import { loadSessionUser } from '../../shared/auth/session-api';
import type { SessionUser } from '../../shared/auth/session-user';

export const GROWTH_RANGES = [7, 30, 90] as const;
export type GrowthRange = (typeof GROWTH_RANGES)[number];
export const DEFAULT_RANGE: GrowthRange = 30;
/** spec §4: selecting a business loads its metadata and its first videos. */
export const FIRST_VIDEOS = 15;

export type DashboardData =
  | { state: 'signed-out' }
  | { state: 'onboarding'; user: SessionUser }
  | {
      state: 'ready';
      user: SessionUser;
      /** The selected business's clm_id. */
      selected: number;
      range: GrowthRange;
      location: Location | null;
      videos: VideoList | null;
      growth: Growth | null;
      info: ListingInfo | null;
    };

export function rangeFrom(value: string | null): GrowthRange {
  const range = Number(value);
  return (GROWTH_RANGES as readonly number[]).includes(range)
    ? (range as GrowthRange)
    : DEFAULT_RANGE;
}

/**
 * spec §4 business dashboard: signed out → nothing (all dashboard data reset); no businesses →
 * onboarding; else the business named by `?business=` when it is the user's, or the first one,
 * with its metadata, first videos and what the tab shows.
 */
export async function loadDashboard(
  reads: Reads,
  url: URL,
  tab: DashboardTab,
): Promise<DashboardData> {
  const user = await loadSessionUser(reads);
  if (!user) return { state: 'signed-out' };
  if (user.businesses.length === 0) return { state: 'onboarding', user };
  const requested = Number(url.searchParams.get('business'));
  const selected = (user.businesses.find((b) => b.clm_id === requested) ?? user.businesses[0]!)
    .clm_id;
  const range = tab === 'growth' ? rangeFrom(url.searchParams.get('range')) : DEFAULT_RANGE;
  const [location, videos, growth, info] = await Promise.all([
    reads.location({ id: selected }),
    reads.locationVideos({ id: selected }, { page: 1, per_page: FIRST_VIDEOS }),
    tab === 'info' ? null : reads.growth({ id: selected }, { range }),
    tab === 'info' ? reads.listingInfo({ id: selected }) : null,
  ]);
  return { state: 'ready', user, selected, range, location, videos, growth, info };
}

/** A dashboard address: the tab, the selected business and (growth) the range. */
export function dashboardHref(tab: DashboardTab, business: number, range?: GrowthRange): string {
  const query = new URLSearchParams({ business: String(business) });
  if (range && range !== DEFAULT_RANGE) query.set('range', String(range));
  return `/biz/dashboard/${tab}?${query}`;
}
