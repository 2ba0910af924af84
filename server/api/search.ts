import { desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ErrorBody } from '../../contract/common';
import { SearchQuery, SearchResults, type SearchResultType } from '../../contract/search';
import type { SearchResults as Results } from '../../contract/search';
import { cities, classifications, locations, reviews, users } from '../../db/schema';
import { clientKey } from '../rate-limits';
import { errorResponses, type ApiRoutes } from './context';
import {
  authorColumns,
  findCities,
  findLocationSummaries,
  findReviews,
  toAuthor,
} from './read-models';

/** `%` and `_` in a search term are letters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Prefix- and typo-tolerant matching on a text column (pg_trgm, GIN indexed): a substring
 * match or a word-similar one (`<%`, threshold set per connection in db/client.ts).
 */
function matches(column: AnyPgColumn, term: string): SQL {
  return or(ilike(column, `%${escapeLike(term)}%`), sql`${term} <% ${column}`) as SQL;
}
/** Names starting with the term first, then the most similar. */
const closeness = (column: AnyPgColumn, term: string) => [
  desc(sql`${column} ilike ${escapeLike(term) + '%'}`),
  desc(sql`word_similarity(${term}, ${column})`),
];

export const searchRoutes: ApiRoutes = (ctx) => async (app) => {
  const searchers: Record<
    SearchResultType,
    (term: string, limit: number) => Promise<Results['data'][SearchResultType]>
  > = {
    locations: async (term, limit) => {
      // A place matches by its name or by a cuisine or category it carries ("sushi", "rooftop").
      const tagged = await ctx.db
        .select({ id: classifications.id })
        .from(classifications)
        .where(ilike(classifications.name, `${escapeLike(term)}%`))
        .limit(20);
      const byTag =
        tagged.length > 0
          ? sql`${locations.classificationIds} && ${sql`ARRAY[${sql.join(
              tagged.map((t) => sql`${t.id}`),
              sql`, `,
            )}]::int[]`}`
          : undefined;
      return findLocationSummaries(
        ctx,
        byTag ? or(matches(locations.name, term), byTag) : matches(locations.name, term),
        [...closeness(locations.name, term), desc(locations.rankScore), locations.id],
        limit,
      );
    },
    users: async (term, limit) => {
      const rows = await ctx.db
        .select(authorColumns)
        .from(users)
        .where(or(matches(users.username, term), matches(users.displayName, term)))
        .orderBy(...closeness(users.username, term), desc(users.followerCount), users.id)
        .limit(limit);
      return rows.map((r) => toAuthor(ctx, r));
    },
    cities: (term, limit) =>
      findCities(ctx, or(matches(cities.name, term), ilike(cities.state, escapeLike(term))), limit),
    // Captions are sentences: a substring match (GIN-indexed ILIKE) finds what people type,
    // and word similarity over every caption would cost more than it finds.
    reviews: (term, limit) =>
      findReviews(
        ctx,
        ilike(reviews.caption, `%${escapeLike(term)}%`),
        [desc(reviews.rankScore), reviews.id],
        limit,
      ),
  };

  ctx.reads.register(
    app,
    'search',
    {
      config: { publicCache: true },
      schema: {
        tags: ['search'],
        summary: 'Search places, locals, cities and videos; results grouped by type',
        querystring: SearchQuery,
        // 429: one client's searches at once; 503: everyone's (server/fair-queue.ts).
        response: { 200: SearchResults, ...errorResponses, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async ({ query, request }) => {
      const { term, include, limit } = query;
      // Answers kept in the caches never get here; the rest take turns with other clients'.
      // A search whose visitor left while it waited (the next keystroke's search closed the
      // connection, a flood's client hung up) is dropped, not run.
      const gone = () => request.raw.socket?.destroyed === true;
      return ctx.searchQueue.run(
        clientKey(request),
        async () => {
          const data: Results['data'] = {};
          // One at a time: the embedded database answers one query at a time anyway.
          for (const type of include) {
            Object.assign(data, { [type]: await searchers[type](term, limit) });
          }
          return { term, data };
        },
        gone,
      );
    },
  );
};
