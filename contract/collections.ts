import { z } from 'zod';
import { City } from './cities';
import { NumericId } from './common';
import { Review } from './reviews';
import { Author } from './users';

/** spec §3 collection: clm_name, content. */
export const Collection = z
  .object({
    clm_id: z.number().int(),
    clm_name: z.string(),
    clm_description: z.string(),
    city: City.nullable(),
    content: z.array(Review),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof Collection>;

export const UserCollectionQuery = z.object({ single: NumericId.optional() });

/** spec §3 user collection: name, reviews. */
export const UserCollection = z
  .object({ id: z.number().int(), name: z.string(), user: Author, reviews: z.array(Review) })
  .meta({ id: 'UserCollection' });
export type UserCollection = z.infer<typeof UserCollection>;

export const UserCollectionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  review_count: z.number().int(),
  poster_url: z.string().nullable(),
});
export const UserCollectionList = z
  .object({ user: Author, data: z.array(UserCollectionSummary) })
  .meta({ id: 'UserCollectionList' });
export type UserCollectionList = z.infer<typeof UserCollectionList>;
