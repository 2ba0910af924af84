import { paginationData } from '../../contract/common';
import {
  ClassificationList,
  CuisinesQuery,
  PracticalCategoriesQuery,
} from '../../contract/classifications';
import { errorResponses, type ApiRoutes } from './context';
import { listClassifications } from './classification-lists';

export const classificationRoutes: ApiRoutes = (ctx) => async (app) => {
  app.get(
    '/v3/classifications/cuisines',
    {
      config: { publicCache: true },
      schema: {
        tags: ['classifications'],
        summary: 'Cuisines with counts (10 a page); pinned_first=true puts pinned ones first',
        querystring: CuisinesQuery,
        response: { 200: ClassificationList, ...errorResponses },
      },
    },
    async (request) => {
      const { page, per_page: perPage, city_id, pinned_only, pinned_first } = request.query;
      const { data, total } = await listClassifications(ctx.db, {
        kind: 'cuisine',
        cityId: city_id,
        pinnedOnly: pinned_only,
        pinnedFirst: pinned_first,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return { data, pagination_data: paginationData(page, perPage, total) };
    },
  );

  app.get(
    '/v3/classifications/practical-categories',
    {
      config: { publicCache: true },
      schema: {
        tags: ['classifications'],
        summary: 'Practical categories by count (10 a page)',
        querystring: PracticalCategoriesQuery,
        response: { 200: ClassificationList, ...errorResponses },
      },
    },
    async (request) => {
      const { page, per_page: perPage, city_id, pinned_only } = request.query;
      const { data, total } = await listClassifications(ctx.db, {
        kind: 'practical',
        cityId: city_id,
        pinnedOnly: pinned_only,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return { data, pagination_data: paginationData(page, perPage, total) };
    },
  );
};
