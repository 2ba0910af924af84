import { z } from 'zod';
import { ID_RULE, MAX_ID } from './storable';

/** Every error the product server sends: `{ error, message }` (docs/decisions/005-api-contract.md). */
export const ErrorBody = z
  .object({
    error: z.string().describe('Stable machine-readable code, e.g. bad_request, not_found'),
    message: z.string().describe('A sentence a developer can act on'),
    fields: z
      .array(
        z.object({
          field: z.string().describe('Where in the body or query, e.g. address.postal'),
          message: z.string().describe('What is wrong, as a sentence a person can act on'),
        }),
      )
      .optional()
      .describe('Bad input: one entry per field (forms show each beside its field)'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * An id: every id column is a PostgreSQL `integer`, so 1 to 2147483647 and nothing past it
 * (a bigger one would fail in the database, not here; docs/decisions/023-input-edge.md).
 */
export const Id = z.number({ error: ID_RULE }).int(ID_RULE).min(1, ID_RULE).max(MAX_ID, ID_RULE);

/** An id written in a path or a query string: its digits, the same range as Id. */
export const NumericId = z
  .string()
  .regex(/^[0-9]{1,10}$/, ID_RULE)
  .transform(Number)
  .pipe(Id);

export const IdParams = z.object({ id: NumericId });

const intFromQuery = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** spec §9: pages start at 1; per-page sizes are capped so one call stays cheap. */
export const MAX_PER_PAGE = 100;
export const pageQuery = (defaultPerPage: number) =>
  z.object({
    page: intFromQuery(1, 10_000).default(1),
    per_page: intFromQuery(1, MAX_PER_PAGE).default(defaultPerPage),
  });

export const limitQuery = (defaultLimit: number, max = 50) =>
  intFromQuery(1, max).default(defaultLimit);
export const offsetQuery = intFromQuery(0, 1_000_000);

/** spec §3: flags travel as the strings '1' and '0'. */
export const StringFlag = z.enum(['1', '0']);
export const booleanFlagQuery = z
  .enum(['1', '0', 'true', 'false'], { error: "must be '1', '0', 'true' or 'false'" })
  .transform((v) => v === '1' || v === 'true');

/** spec §3 paginated video list. */
export const PaginationData = z
  .object({
    has_more: StringFlag.describe("'1' when another page follows"),
    page: z.number().int(),
    per_page: z.number().int(),
    number_of_pages: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'PaginationData' });
export type PaginationData = z.infer<typeof PaginationData>;

export function paginationData(page: number, perPage: number, total: number): PaginationData {
  const numberOfPages = Math.ceil(total / perPage);
  return {
    has_more: page < numberOfPages ? '1' : '0',
    page,
    per_page: perPage,
    number_of_pages: numberOfPages,
    total,
  };
}
