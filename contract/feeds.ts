import { z } from 'zod';
import { Classification, SuperCategory } from './classifications';
import { limitQuery, offsetQuery } from './common';
import { Review } from './reviews';

export const WatchQuery = z.object({
  limit: limitQuery(10, 50),
  result_type: z.enum(['global'], { error: "must be 'global'" }).default('global'),
});
export const WatchResult = z
  .object({ clm_id: z.number().int(), result_type: z.literal('review'), video: Review })
  .meta({ id: 'WatchResult' });
export const Watch = z
  .object({ result_type: z.literal('global'), results: z.array(WatchResult) })
  .meta({ id: 'Watch' });
export type Watch = z.infer<typeof Watch>;

/** spec §9: the city feed's default limit. */
export const CITY_FEED_LIMIT = 4;
export const CityFeedQuery = z.object({
  limit: limitQuery(CITY_FEED_LIMIT, 50),
  start: offsetQuery.default(0).describe('The next_start of the previous call'),
});

/** spec §3 city feed. */
export const CityFeed = z
  .object({
    id: z.number().int(),
    serviceId: z.string(),
    displayName: z.string(),
    state: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    content: z.array(Review),
    next_start: z.number().int().nullable().describe('Pass as start for more; null at the end'),
    classifications: z
      .array(Classification)
      .describe('The city’s cuisines, pinned first, by count'),
    super_categories: z.array(
      z.object({ key: SuperCategory, name: z.string(), count: z.number().int() }),
    ),
  })
  .meta({ id: 'CityFeed' });
export type CityFeed = z.infer<typeof CityFeed>;
