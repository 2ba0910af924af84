import { z } from 'zod';
import { City } from './cities';
import { SuperCategory, Tag } from './classifications';
import { Author } from './users';

/** The fields every list of places carries (search, related, city strips). */
export const LocationSummary = z
  .object({
    clm_id: z.number().int(),
    clm_name: z.string(),
    clm_label: z.string(),
    clm_slug: z.string().describe('Location identifier: a slug ending in the numeric id'),
    clm_address: z.string(),
    clm_city: z.string(),
    clm_state: z.string(),
    clm_zip: z.string(),
    clm_neighborhood: z.string(),
    super_categories: z.array(SuperCategory),
    city_slug: z
      .string()
      .describe('The city route slug, for location/:citySlug/:locationIdentifier'),
    poster_url: z.string().nullable().describe('Poster of the place’s top video'),
    review_count: z.number().int(),
    follower_count: z.number().int(),
  })
  .meta({ id: 'LocationSummary' });
export type LocationSummary = z.infer<typeof LocationSummary>;

/** spec §3 location, GET /api/v2/locations/{id}. */
export const Location = LocationSummary.extend({
  clm_prompt: z.string(),
  clm_description: z.string(),
  clm_phone: z.string(),
  clm_lat: z.number(),
  clm_lon: z.number(),
  clm_price_level: z.number().int().min(1).max(4).nullable(),
  clm_hours: z.array(
    z.object({ day: z.string(), open: z.string().nullable(), close: z.string().nullable() }),
  ),
  links: z.object({ website: z.string().nullable() }),
  tags: z.object({
    categories: z.array(Tag),
    cuisines: z.array(Tag),
    food_and_drink: z.array(Tag),
  }),
  city: City,
}).meta({ id: 'Location' });
export type Location = z.infer<typeof Location>;

export const LocationFollows = z
  .object({
    location_id: z.number().int(),
    count: z.number().int(),
    data: z.array(Author).describe('The most recent followers'),
  })
  .meta({ id: 'LocationFollows' });
export type LocationFollows = z.infer<typeof LocationFollows>;

export const Tip = z
  .object({ clm_id: z.number().int(), text: z.string(), created_at: z.string(), author: Author })
  .meta({ id: 'Tip' });
export const TipList = z.object({ data: z.array(Tip) }).meta({ id: 'TipList' });
export type TipList = z.infer<typeof TipList>;

export const RelatedQuery = z.object({
  use_cache: z
    .enum(['1', '0'], { error: "must be '1' or '0'" })
    .default('1')
    .transform((v) => v === '1'),
  use_only_cache: z
    .enum(['1', '0'], { error: "must be '1' or '0'" })
    .default('0')
    .transform((v) => v === '1'),
});
export const RelatedLocations = z
  .object({
    data: z.array(LocationSummary),
    cached: z.boolean().describe('Whether the answer came from the precomputed table'),
  })
  .meta({ id: 'RelatedLocations' });
export type RelatedLocations = z.infer<typeof RelatedLocations>;
