import { z } from 'zod';
import { SuperCategory } from './classifications';
import { limitQuery } from './common';

/** spec §3 location.city: the city record carried by locations and feeds. */
export const City = z
  .object({
    clm_id: z.number().int(),
    clm_city: z.string(),
    clm_state: z.string().describe('Two-letter state code'),
    clm_state_name: z.string(),
    clm_country: z.string(),
    clm_lat: z.number(),
    clm_lon: z.number(),
    clm_service_id: z.string(),
    clm_slug: z.string().describe('Route slug, `{citySlug}-{stateSlug}` (ADR 006)'),
    state_slug: z.string(),
    city_slug: z.string(),
    clm_time_zone: z
      .string()
      .describe("IANA time zone of the city, e.g. America/Chicago: its places' hours are in it"),
  })
  .meta({ id: 'City' });
export type City = z.infer<typeof City>;

/** A city's best places of one super category (its page's strips): which kind, how many. */
export const CityTopLocationsQuery = z.object({
  super_category: SuperCategory,
  limit: limitQuery(8, 24),
});
