import { z } from 'zod';
import { Id, NumericId } from './common';
import { ID_RULE } from './storable';

export const SHARE_RESOURCE_TYPES = [
  'review',
  'location',
  'user',
  'city',
  'collection',
  'user_collection',
] as const;

/** POST /api/v2/trackers/share: fired when a shared page opens with ?referrer=. */
export const ShareBody = z
  .object({
    // A number, or its digits as a page's query string carried them.
    resourceId: z.union([Id, NumericId], { error: ID_RULE }),
    resourceType: z.enum(SHARE_RESOURCE_TYPES, {
      error: `must be one of ${SHARE_RESOURCE_TYPES.join(', ')}`,
    }),
    referrerCode: z
      .string({ error: 'must be a string' })
      .min(1, 'must not be empty')
      .max(64, 'must be at most 64 characters')
      .regex(/^[A-Za-z0-9._-]+$/, 'may hold only letters, digits, ., - and _'),
  })
  .strict();
export type ShareBody = z.infer<typeof ShareBody>;

export const ShareRecorded = z
  .object({ status: z.literal('ok'), id: z.number().int() })
  .meta({ id: 'ShareRecorded' });

export type ShareResourceType = (typeof SHARE_RESOURCE_TYPES)[number];
/** What a shared link shares: the thing the ?referrer= tracker counts (spec §7). */
export interface ShareResource {
  type: ShareResourceType;
  id: number;
}
