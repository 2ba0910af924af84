import { z } from 'zod';
import { NumericId, PaginationData, StringFlag, booleanFlagQuery, pageQuery } from './common';
import { SUPER_CATEGORIES } from './super-categories';

export { SUPER_CATEGORIES, SUPER_CATEGORY_NAMES } from './super-categories';
export const SuperCategory = z.enum(SUPER_CATEGORIES);
export type SuperCategory = z.infer<typeof SuperCategory>;

/** One tag of a location (tags.categories, tags.cuisines, tags.food_and_drink). */
export const Tag = z
  .object({ clm_id: z.number().int(), safe_name: z.string(), name: z.string() })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof Tag>;

/** spec §3 cuisine classification and practical category, with counts. */
export const Classification = z
  .object({
    clm_id: z.number().int(),
    clm_name: z.string(),
    safe_name: z.string(),
    clm_pinned: StringFlag.describe("'1' means pinned"),
    clm_count: z.number().int().describe('Places carrying it (in the city when city_id is given)'),
  })
  .meta({ id: 'Classification' });
export type Classification = z.infer<typeof Classification>;

/** spec §9: cuisine and category pages hold 10 items, page 1 by default. */
export const CLASSIFICATIONS_PER_PAGE = 10;

/** Query of both lists: cuisines and practical categories (optionally in one city). */
export const ClassificationListQuery = pageQuery(CLASSIFICATIONS_PER_PAGE).extend({
  city_id: NumericId.optional(),
  pinned_only: booleanFlagQuery.optional(),
  pinned_first: booleanFlagQuery.optional(),
});

export const ClassificationList = z
  .object({ data: z.array(Classification), pagination_data: PaginationData })
  .meta({ id: 'ClassificationList' });
export type ClassificationList = z.infer<typeof ClassificationList>;
