import { z } from 'zod';
import { City } from './cities';
import { SuperCategory, Tag } from './classifications';
import { NumericId, booleanFlagQuery, offsetQuery } from './common';
import { LocationSummary } from './locations';
import { Review } from './reviews';
import { Author } from './users';

export const SEARCH_RESULT_TYPES = ['locations', 'users', 'cities', 'reviews'] as const;
export const SearchResultType = z.enum(SEARCH_RESULT_TYPES);
export type SearchResultType = z.infer<typeof SearchResultType>;

/** How the results page orders places (issue 18): distance needs the visitor's lat and lon. */
export const SEARCH_SORTS = ['relevance', 'popularity', 'distance'] as const;
export const SearchSort = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof SearchSort>;

/** A classification's safe_name in a query string, e.g. `nightlife`, `mexican`. */
const SafeName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,59}$/, 'must be a category or cuisine name such as mexican');

const coordinate = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .min(-max, `must be between -${max} and ${max}`)
    .max(max, `must be between -${max} and ${max}`);

/**
 * spec §7 wonder-search: search_type, term, include, limit — as the search box sends them.
 * The rest is optional and serves the results page (issue 18, ADR 035): filters on the places,
 * their order, and paging of the places. Without them an answer is what the search box expects.
 */
export const SearchQuery = z
  .object({
    search_type: z.enum(['global'], { error: "must be 'global'" }).default('global'),
    term: z
      .string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .default('')
      .describe('What the visitor typed; may be empty only when a filter names what to find'),
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
    category: SafeName.optional().describe('Places carrying this category (safe_name)'),
    cuisine: SafeName.optional().describe('Places carrying this cuisine (safe_name)'),
    price: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        const levels = v.split(',').map((p) => p.trim());
        if (!levels.every((l) => /^[1-4]$/.test(l))) {
          ctx.addIssue({ code: 'custom', message: 'must be price levels 1 to 4, comma-joined' });
          return z.NEVER;
        }
        return [...new Set(levels.map(Number))].sort();
      })
      .describe('Comma-joined price levels 1–4 ($ to $$$$)'),
    open_now: booleanFlagQuery.optional().describe('Only places open at this moment'),
    city_id: NumericId.optional().describe('Only places in this city'),
    sort: SearchSort.default('relevance'),
    lat: coordinate(90).optional().describe("The visitor's latitude, for distance"),
    lon: coordinate(180).optional().describe("The visitor's longitude, for distance"),
    offset: offsetQuery.optional().describe('Places to skip (the results page’s Show more)'),
  })
  .superRefine((q, ctx) => {
    if ((q.lat === undefined) !== (q.lon === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['lon'], message: 'lat and lon go together' });
    }
    if (q.sort === 'distance' && q.lat === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sort'], message: 'distance needs lat and lon' });
    }
    if (q.term === '' && !q.category && !q.cuisine && q.city_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['term'], message: 'must not be empty' });
    }
  });

/** A place in search results: the summary, and what the results page shows and filters on. */
export const SearchPlace = LocationSummary.extend({
  clm_price_level: z.number().int().min(1).max(4).nullable(),
  clm_hours: z.array(
    z.object({ day: z.string(), open: z.string().nullable(), close: z.string().nullable() }),
  ),
  clm_time_zone: z.string().describe("The place's IANA time zone (its hours are in it)"),
  tags: z.object({ categories: z.array(Tag), cuisines: z.array(Tag) }),
  distance_km: z.number().nullable().describe('From lat/lon when given, else null'),
}).meta({ id: 'SearchPlace' });
export type SearchPlace = z.infer<typeof SearchPlace>;

/** What the query was understood to ask (the results page says it back). */
export const SearchUnderstood = z
  .object({
    what: z.string().describe('The words that name what to find, once the place words are gone'),
    city: City.nullable().describe('The city named ("sushi miami", "tacos in new york")'),
    neighborhood: z.string().nullable(),
    near_me: z.boolean().describe('"near me": sorted by distance when lat/lon are given'),
    category: Tag.nullable(),
    cuisine: Tag.nullable(),
    super_category: SuperCategory.nullable()
      .optional()
      .describe('A kind of place the words named ("nightlife", "hotels", "shopping")'),
    occasion: z
      .string()
      .nullable()
      .optional()
      .describe('A meal or occasion the words named ("Dinner", "Happy hour"; ADR 076)'),
    nearest_first: z
      .boolean()
      .optional()
      .describe('The places are ordered nearest lat/lon first (near me, a kind with a position)'),
    nearest_alternatives: z
      .boolean()
      .optional()
      .describe(
        'Nothing matched in the city named: the places are the nearest matches elsewhere, nearest first',
      ),
  })
  .meta({ id: 'SearchUnderstood' });
export type SearchUnderstood = z.infer<typeof SearchUnderstood>;

/** GET /api/v2/search/wonder-search: results grouped by type. */
export const SearchResults = z
  .object({
    term: z.string(),
    data: z.object({
      locations: z.array(SearchPlace).optional(),
      users: z.array(Author).optional(),
      cities: z.array(City).optional(),
      reviews: z.array(Review).optional(),
    }),
    understood: SearchUnderstood.optional(),
    locations_total: z
      .number()
      .int()
      .optional()
      .describe('Places matching in all (the results page’s count and Show more)'),
  })
  .meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof SearchResults>;
