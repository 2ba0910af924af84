import { z } from 'zod';
import { City } from './cities';
import { LocationSummary } from './locations';
import { Review } from './reviews';
import { Author } from './users';

export const SEARCH_RESULT_TYPES = ['locations', 'users', 'cities', 'reviews'] as const;
export const SearchResultType = z.enum(SEARCH_RESULT_TYPES);
export type SearchResultType = z.infer<typeof SearchResultType>;

export const SearchQuery = z.object({
  search_type: z.enum(['global'], { error: "must be 'global'" }).default('global'),
  term: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  include: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return [...SEARCH_RESULT_TYPES];
      const parts = v.split(',').map((p) => p.trim());
      for (const part of parts) {
        if (!SearchResultType.safeParse(part).success) {
          ctx.addIssue({
            code: 'custom',
            message: `has '${part}', but may hold only ${SEARCH_RESULT_TYPES.join(', ')}`,
          });
          return z.NEVER;
        }
      }
      return [...new Set(parts)] as SearchResultType[];
    })
    .describe('Comma-joined result types; all when absent'),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(50, 'must be at most 50')
    .default(5)
    .describe('Results per type'),
});

/** GET /api/v2/search/wonder-search: results grouped by type. */
export const SearchResults = z
  .object({
    term: z.string(),
    data: z.object({
      locations: z.array(LocationSummary).optional(),
      users: z.array(Author).optional(),
      cities: z.array(City).optional(),
      reviews: z.array(Review).optional(),
    }),
  })
  .meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof SearchResults>;
