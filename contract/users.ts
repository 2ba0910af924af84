import { z } from 'zod';
import { City } from './cities';

/** A review's author (spec §3: author with clm_username). */
export const Author = z
  .object({
    clm_id: z.number().int(),
    clm_username: z.string(),
    display_name: z.string(),
    avatar_url: z.string(),
    vanity_url: z.string(),
  })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof Author>;

/** GET /api/v2/users/{id}. Field names follow spec §3's session user where they overlap. */
export const User = z
  .object({
    clm_id: z.number().int(),
    user_id: z.number().int(),
    user_name: z.string(),
    clm_username: z.string(),
    display_name: z.string(),
    vanity_url: z.string(),
    avatar_url: z.string(),
    bio: z.string(),
    user_level: z.number().int(),
    is_internal: z.boolean(),
    home_city: City.nullable(),
    review_count: z.number().int(),
    follower_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;
