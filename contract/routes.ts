import { z } from 'zod';
import { City } from './cities';
import { Location } from './locations';
import { User } from './users';

export const TARGET_TYPES = ['city', 'user', 'location'] as const;
export const TargetType = z.enum(TARGET_TYPES, {
  error: `must be one of ${TARGET_TYPES.join(', ')}`,
});
export const RouteParams = z.object({ slug: z.string().min(1).max(200) });
export const RouteQuery = z.object({ target_type: TargetType });

/** GET /api/v2/routes/{slug}: what a URL slug names (slug formats: docs/decisions/006-slugs.md). */
export const RouteTarget = z
  .discriminatedUnion('targetType', [
    z.object({ targetType: z.literal('city'), targetId: z.number().int(), target: City }),
    z.object({ targetType: z.literal('user'), targetId: z.number().int(), target: User }),
    z.object({ targetType: z.literal('location'), targetId: z.number().int(), target: Location }),
  ])
  .meta({ id: 'RouteTarget' });
export type RouteTarget = z.infer<typeof RouteTarget>;
