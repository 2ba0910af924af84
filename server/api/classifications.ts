import { paginationData } from '../../contract/common';
import { ClassificationList, ClassificationListQuery } from '../../contract/classifications';
import { errorResponses, type ApiRoutes } from './context';
import { listClassifications } from './classification-lists';

const lists = [
  {
    name: 'cuisines',
    kind: 'cuisine',
    summary: 'Cuisines with counts (10 a page); pinned_first=true puts pinned ones first',
  },
  {
    name: 'practicalCategories',
    kind: 'practical',
    summary: 'Practical categories by count (10 a page), pinned first on request',
  },
] as const;

/** spec §7 cuisine and practical-category lists: one query shape for both. */
export const classificationRoutes: ApiRoutes = (ctx) => async (app) => {
  for (const { name, kind, summary } of lists) {
    ctx.reads.register(
      app,
      name,
      {
        config: { publicCache: true },
        schema: {
          tags: ['classifications'],
          summary,
          querystring: ClassificationListQuery,
          response: { 200: ClassificationList, ...errorResponses },
        },
      },
      async ({ query }) => {
        const { page, per_page: perPage } = query;
        const { data, total } = await listClassifications(ctx.db, {
          kind,
          cityId: query.city_id,
          pinnedOnly: query.pinned_only,
          pinnedFirst: query.pinned_first,
          limit: perPage,
          offset: (page - 1) * perPage,
        });
        return { data, pagination_data: paginationData(page, perPage, total) };
      },
    );
  }
};
