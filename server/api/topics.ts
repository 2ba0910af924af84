import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { IdParams } from '../../contract/common';
import { topicTitle, type TopicKind } from '../../contract/topic-rules';
import {
  TopicList,
  TopicListQuery,
  TopicPage,
  TopicQuery,
  type TopicLink,
} from '../../contract/topics';
import { topicPath } from '../../contract/urls';
import { cities, classifications, locations, reviews, topicPages } from '../../db/schema';
import { notFound } from '../http-errors';
import { errorResponses, type ApiRoutes } from './context';
import { cityMemoKey, findCity, prepared, summaryColumns, toLocationSummary } from './read-models';

/** Links to the same kind elsewhere, and to other kinds in the same place, on a topic page. */
const NEARBY_SHOWN = 8;
const HERE_SHOWN = 12;
/** A place page's "more {kind} in …" links. */
const PLACE_TOPICS_SHOWN = 3;

const linkColumns = {
  kind: topicPages.kind,
  slug: topicPages.slug,
  name: topicPages.name,
  neighborhood: topicPages.neighborhood,
  neighborhoodSlug: topicPages.neighborhoodSlug,
  locationCount: topicPages.locationCount,
  cityName: cities.name,
  cityState: cities.state,
  stateSlug: cities.stateSlug,
  citySlug: cities.citySlug,
};
type LinkRow = {
  kind: TopicKind;
  slug: string;
  name: string;
  neighborhood: string;
  neighborhoodSlug: string;
  locationCount: number;
  cityName: string;
  cityState: string;
  stateSlug: string;
  citySlug: string;
};

const toTopicLink = (row: LinkRow): TopicLink => ({
  kind: row.kind,
  slug: row.slug,
  name: row.name,
  title: topicTitle(row.kind, row.name),
  neighborhood: row.neighborhood,
  neighborhood_slug: row.neighborhoodSlug,
  city_name: row.cityName,
  city_state: row.cityState,
  location_count: row.locationCount,
  path: topicPath(row.stateSlug, row.citySlug, row.slug, row.neighborhoodSlug),
});

const links = (db: Parameters<Parameters<typeof prepared>[0]>[0]) =>
  db.select(linkColumns).from(topicPages).innerJoin(cities, eq(cities.id, topicPages.cityId));

/** One topic by its address (the unique index of city, neighbourhood and kind). */
const topicByAddress = prepared((db) =>
  db
    .select({ ...linkColumns, locationIds: topicPages.locationIds })
    .from(topicPages)
    .innerJoin(cities, eq(cities.id, topicPages.cityId))
    .where(
      and(
        eq(topicPages.cityId, sql.placeholder('city')),
        eq(topicPages.neighborhoodSlug, sql.placeholder('hood')),
        eq(topicPages.slug, sql.placeholder('slug')),
      ),
    )
    .prepare('topic_by_address'),
);

/**
 * A topic's places by their stored ids, in the stored order (primary key), each with its
 * creators and its best video's views from its videos (reviews_location_created_idx): the
 * numbers of its "why it ranks" line.
 */
const topicPlaces = prepared((db) =>
  db
    .select({
      ...summaryColumns,
      priceLevel: locations.priceLevel,
      hours: locations.hours,
      creators: sql<number>`(select count(distinct ${reviews.authorId})::int from ${reviews}
        where ${reviews.locationId} = ${locations.id})`,
      topViews: sql<number>`(select coalesce(max(${reviews.viewCount}), 0)::int from ${reviews}
        where ${reviews.locationId} = ${locations.id})`,
    })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(sql`${locations.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(sql`array_position(${sql.placeholder('ids')}::int[], ${locations.id})`)
    .prepare('topic_places'),
);

/** The same kind in the city's other neighbourhoods, and in the whole city (topic_pages_city_slug_idx). */
const sameKindNearby = prepared((db) =>
  links(db)
    .where(
      and(
        eq(topicPages.cityId, sql.placeholder('city')),
        eq(topicPages.slug, sql.placeholder('slug')),
        ne(topicPages.neighborhoodSlug, sql.placeholder('hood')),
      ),
    )
    .orderBy(desc(topicPages.locationCount), asc(topicPages.neighborhoodSlug))
    .limit(NEARBY_SHOWN)
    .prepare('topic_same_kind_nearby'),
);

/**
 * The kinds of one place (a city: neighbourhood ''), most places first (topic_pages_place_slug_idx).
 * `skipSuper` leaves the super categories out: the city page has a strip for each already.
 */
const kindsHere = prepared((db) =>
  links(db)
    .where(
      and(
        eq(topicPages.cityId, sql.placeholder('city')),
        eq(topicPages.neighborhoodSlug, sql.placeholder('hood')),
        ne(topicPages.slug, sql.placeholder('slug')),
        sql`not (${sql.placeholder('skipSuper')}::boolean and ${topicPages.kind} = 'super_category')`,
      ),
    )
    .orderBy(desc(topicPages.locationCount), asc(topicPages.slug))
    .limit(sql.placeholder('limit'))
    .prepare('topic_kinds_here'),
);

/**
 * A place's own topics, its neighbourhood's before its city's, a cuisine before a category before
 * a super category (the narrower list first): the place page's "more {kind} in …" links.
 * Looked up by the place's own slugs (its super categories and its classifications' safe names)
 * in topic_pages_city_slug_idx, not by reading every topic of its city: at scale 100 a city has
 * about 820, and the place page read them all (829 buffers and 0.48 ms a page, against 84 and
 * 0.23 ms; bench/RESULTS.md, "A place's topics").
 */
const placeTopics = prepared((db) =>
  links(db)
    .innerJoin(
      locations,
      and(
        eq(locations.cityId, topicPages.cityId),
        sql`${topicPages.slug} = any(${locations.superCategories} || array(
          select ${classifications.safeName} from ${classifications}
          where ${classifications.id} = any(${locations.classificationIds})))`,
        sql`(${topicPages.neighborhoodSlug} = '' or ${topicPages.neighborhood} = ${locations.neighborhood})`,
        sql`((${topicPages.kind} = 'super_category' and ${topicPages.slug} = any(${locations.superCategories}))
          or (${topicPages.kind} <> 'super_category' and ${topicPages.classificationId} = any(${locations.classificationIds})))`,
      ),
    )
    .where(eq(locations.id, sql.placeholder('id')))
    .orderBy(
      desc(sql`${topicPages.neighborhoodSlug} <> ''`),
      sql`case ${topicPages.kind} when 'cuisine' then 0 when 'category' then 1 else 2 end`,
      desc(topicPages.locationCount),
      asc(topicPages.slug),
    )
    .limit(PLACE_TOPICS_SHOWN)
    .prepare('place_topics'),
);

export const topicRoutes: ApiRoutes = (ctx) => async (app) => {
  ctx.reads.register(
    app,
    'topic',
    {
      config: { publicCache: true },
      schema: {
        tags: ['feeds'],
        summary: 'A topic page (spec §2.6): a kind in a city or a neighbourhood, best places first',
        params: IdParams,
        querystring: TopicQuery,
        response: { 200: TopicPage, ...errorResponses },
      },
    },
    async ({ params, query }, scope) => {
      const city = await scope.memo(cityMemoKey(params.id), () => findCity(ctx, { id: params.id }));
      const what = `Topic ${query.neighborhood ? `${query.neighborhood}/` : ''}${query.kind}`;
      if (!city) throw notFound(what);
      const address = { city: city.clm_id, hood: query.neighborhood, slug: query.kind };
      const [row] = await topicByAddress(ctx.db).execute(address);
      if (!row) throw notFound(what);
      const [places, nearby, here] = await Promise.all([
        topicPlaces(ctx.db).execute({ ids: row.locationIds.slice(0, query.limit) }),
        sameKindNearby(ctx.db).execute(address),
        kindsHere(ctx.db).execute({ ...address, skipSuper: false, limit: HERE_SHOWN }),
      ]);
      return {
        topic: toTopicLink(row),
        city,
        places: places.map((place) => ({
          ...toLocationSummary(ctx, place),
          clm_price_level: place.priceLevel,
          clm_hours: place.hours,
          creator_count: place.creators,
          top_video_views: place.topViews,
        })),
        nearby: nearby.map(toTopicLink),
        here: here.map(toTopicLink),
      };
    },
  );

  ctx.reads.register(
    app,
    'cityTopics',
    {
      config: { publicCache: true },
      schema: {
        tags: ['feeds'],
        summary: 'A city’s strongest topic pages: its categories and cuisines with most places',
        params: IdParams,
        querystring: TopicListQuery,
        response: { 200: TopicList, ...errorResponses },
      },
    },
    async ({ params, query }) => {
      const rows = await kindsHere(ctx.db).execute({
        city: params.id,
        hood: '',
        slug: '',
        skipSuper: true,
        limit: query.limit,
      });
      return { data: rows.map(toTopicLink) };
    },
  );

  ctx.reads.register(
    app,
    'locationTopics',
    {
      config: { publicCache: true },
      schema: {
        tags: ['locations'],
        summary: 'The topic pages a place is on, the narrowest first (“more pizza in Wicker Park”)',
        params: IdParams,
        response: { 200: TopicList, ...errorResponses },
      },
    },
    async ({ params }) => {
      const rows = await placeTopics(ctx.db).execute({ id: params.id });
      return { data: rows.map(toTopicLink) };
    },
  );
};
