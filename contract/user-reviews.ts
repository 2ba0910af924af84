import { z } from 'zod';
import { City } from './cities';
import { Review } from './reviews';

/** GET /api/v2/users/{id}/reviews/by-city: a creator's reviews grouped by city, biggest first. */
export const ReviewsByCity = z
  .object({
    data: z.array(z.object({ city: City, count: z.number().int(), reviews: z.array(Review) })),
  })
  .meta({ id: 'ReviewsByCity' });
export type ReviewsByCity = z.infer<typeof ReviewsByCity>;
