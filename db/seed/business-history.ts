import { Random } from './random';
import type { World } from './world';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the seeded history of the owners' places goes (the longest growth range). */
export const HISTORY_DAYS = 90;

export interface BusinessHistory {
  reads: {
    reviewId: number;
    deviceId: string;
    /** The UTC day of the read (the partition key, ADR 037). */
    readOn: string;
    watchedDurationMs: number;
    firstReadAt: Date;
    lastReadAt: Date;
  }[];
  shares: {
    resourceType: 'location' | 'review';
    resourceId: number;
    referrerCode: string;
    deviceId: string;
    createdAt: Date;
  }[];
  follows: { locationId: number; userId: number; createdAt: Date }[];
}

/**
 * Ninety days of views, shares and new followers for the places the seeded owners run, ending
 * at `now` (when the world is seeded), rising over time with a weekend lift, so the dashboard's
 * growth charts show real curves (docs/decisions/015-business.md).
 */
export function generateBusinessHistory(
  world: World,
  now: Date,
  seed = world.seed,
): BusinessHistory {
  const random = new Random(seed + 90);
  const history: BusinessHistory = { reads: [], shares: [], follows: [] };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const owned = [...new Set(world.businessOwners.map((owner) => owner.locationId))];

  for (const [index, locationId] of owned.entries()) {
    const videos = world.reviews.filter((review) => review.locationId === locationId);
    if (videos.length === 0) continue;
    const following = new Set(
      world.follows.filter((f) => f.locationId === locationId).map((f) => f.userId),
    );
    const newcomers = world.users.filter((user) => !following.has(user.id));
    const base = 8 + index * 5;
    for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
      const dayStart = today - daysAgo * DAY_MS;
      const weekday = new Date(dayStart).getUTCDay();
      const trend = 1 + (1.6 * (HISTORY_DAYS - daysAgo)) / HISTORY_DAYS;
      const weekend = weekday === 0 || weekday === 6 ? 1.35 : 1;
      const views = Math.round(base * trend * weekend * (0.75 + random.next() * 0.5));
      // Today is only partly over: no more than the hours gone by.
      const dayLength = daysAgo === 0 ? Math.max(1, now.getTime() - dayStart) : DAY_MS;
      for (let i = 0; i < views; i++) {
        const video = random.pick(videos);
        const at = new Date(dayStart + random.int(0, dayLength - 1));
        history.reads.push({
          reviewId: video.id,
          deviceId: `web-seed-${locationId}-${daysAgo}-${i}`,
          readOn: at.toISOString().slice(0, 10),
          watchedDurationMs: random.int(1500, video.durationMs),
          firstReadAt: at,
          lastReadAt: at,
        });
        if (random.chance(0.06)) {
          const onPlace = random.chance(0.5);
          history.shares.push({
            resourceType: onPlace ? 'location' : 'review',
            resourceId: onPlace ? locationId : video.id,
            referrerCode: `seed${random.int(1000, 9999)}`,
            deviceId: `web-seed-share-${locationId}-${daysAgo}-${i}`,
            createdAt: new Date(at.getTime() + random.int(0, 60_000)),
          });
        }
      }
      if (
        newcomers.length > 0 &&
        random.chance(0.25 + (0.45 * (HISTORY_DAYS - daysAgo)) / HISTORY_DAYS)
      ) {
        const user = newcomers.splice(random.int(0, newcomers.length - 1), 1)[0]!;
        history.follows.push({
          locationId,
          userId: user.id,
          createdAt: new Date(dayStart + random.int(0, dayLength - 1)),
        });
      }
    }
  }
  return history;
}
