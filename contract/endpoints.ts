import type { ZodType, z } from 'zod';
import type { AppUserRecord, BusinessDashboardLocations } from './accounts';
import type { ClaimStatus, Growth, GrowthQuery, ListingInfo } from './business';
import type { City, CityTopLocationsQuery } from './cities';
import type { ClassificationList, ClassificationListQuery } from './classifications';
import type {
  Collection,
  UserCollection,
  UserCollectionList,
  UserCollectionQuery,
} from './collections';
import type { CityFeed, CityFeedQuery, Watch, WatchQuery } from './feeds';
import type {
  Location,
  LocationFollows,
  LocationSummary,
  RelatedLocations,
  RelatedQuery,
  TipList,
} from './locations';
import type { LocationVideosQuery, Review, VideoList } from './reviews';
import type { RouteQuery, RouteTarget } from './routes';
import type { SearchQuery, SearchResults } from './search';
import type { TopicList, TopicListQuery, TopicPage, TopicQuery } from './topics';
import type { ReviewsByCity } from './user-reviews';
import type { User } from './users';

/**
 * Every read of spec §7 that the web app makes, declared once: its URL here, its parameters,
 * query and answer below (docs/architecture.md, "One data path per side"). The product server
 * registers each one's read function and route under the same name (server/api/read-route.ts):
 * a server render calls the read function in process, the browser calls the URL through the one
 * API client (app/api/reads.ts). No schemas here, only their types: the web app may import this
 * module.
 */
export const READ_URLS = {
  trendingLocations: '/api/v2/locations/trending',
  location: '/api/v2/locations/:id',
  locationFollows: '/api/v2/locations/:id/follows',
  locationTips: '/api/v2/locations/:id/tips',
  relatedLocations: '/api/v2/locations/:id/related',
  locationVideos: '/api/v3/locations/:id/videos',
  review: '/api/v2/reviews/:id',
  watch: '/api/v4/global/watch',
  cities: '/api/v2/cities',
  cityFeed: '/api/v2/cities/:id/feed',
  cityTopLocations: '/api/v2/cities/:id/top-locations',
  topic: '/api/v2/cities/:id/topic',
  cityTopics: '/api/v2/cities/:id/topics',
  locationTopics: '/api/v2/locations/:id/topics',
  cuisines: '/api/v3/classifications/cuisines',
  practicalCategories: '/api/v3/classifications/practical-categories',
  route: '/api/v2/routes/:slug',
  collection: '/api/v2/collections/:id',
  userCollections: '/api/user/collections/:userId',
  user: '/api/v2/users/:id',
  userReviewsByCity: '/api/v2/users/:id/reviews/by-city',
  search: '/api/v2/search/wonder-search',
  me: '/api/user/me',
  businessDashboardLocations: '/api/user/:userId/business-dashboard-locations',
  growth: '/api/biz/locations/:id/growth',
  listingInfo: '/api/biz/locations/:id/info',
  claimReceipt: '/api/biz/claims/:receipt',
} as const;

type None = Record<string, never>;
type Id = { id: number };

/**
 * What each read takes and answers: its path parameters as values (ids are numbers), the type of
 * its query's schema (None: it takes no query), its answer. A read's query has two forms, both
 * from that one schema: `ReadQuery` (the schema's output, what the read function takes) and
 * `ReadUrlQuery` (its input, what an /api URL carries).
 */
export interface ReadTypes {
  trendingLocations: { params: None; query: None; answer: { data: LocationSummary[] } };
  location: { params: Id; query: None; answer: Location };
  locationFollows: { params: Id; query: None; answer: LocationFollows };
  locationTips: { params: Id; query: None; answer: TipList };
  relatedLocations: { params: Id; query: typeof RelatedQuery; answer: RelatedLocations };
  locationVideos: { params: Id; query: typeof LocationVideosQuery; answer: VideoList };
  review: { params: Id; query: None; answer: Review };
  watch: { params: None; query: typeof WatchQuery; answer: Watch };
  cities: { params: None; query: None; answer: { data: City[] } };
  cityFeed: { params: Id; query: typeof CityFeedQuery; answer: CityFeed };
  cityTopLocations: {
    params: Id;
    query: typeof CityTopLocationsQuery;
    answer: { data: LocationSummary[] };
  };
  topic: { params: Id; query: typeof TopicQuery; answer: TopicPage };
  cityTopics: { params: Id; query: typeof TopicListQuery; answer: TopicList };
  locationTopics: { params: Id; query: None; answer: TopicList };
  cuisines: { params: None; query: typeof ClassificationListQuery; answer: ClassificationList };
  practicalCategories: {
    params: None;
    query: typeof ClassificationListQuery;
    answer: ClassificationList;
  };
  route: { params: { slug: string }; query: typeof RouteQuery; answer: RouteTarget };
  collection: { params: Id; query: None; answer: Collection };
  userCollections: {
    params: { userId: number };
    query: typeof UserCollectionQuery;
    answer: UserCollection | UserCollectionList;
  };
  user: { params: Id; query: None; answer: User };
  userReviewsByCity: { params: Id; query: None; answer: ReviewsByCity };
  search: { params: None; query: typeof SearchQuery; answer: SearchResults };
  me: { params: None; query: None; answer: AppUserRecord | { status: 'signed_out' } };
  businessDashboardLocations: {
    params: { userId: number };
    query: None;
    answer: BusinessDashboardLocations;
  };
  growth: { params: Id; query: typeof GrowthQuery; answer: Growth };
  listingInfo: { params: Id; query: None; answer: ListingInfo };
  claimReceipt: { params: { receipt: string }; query: None; answer: ClaimStatus };
}

export type ReadName = keyof typeof READ_URLS & keyof ReadTypes;

/**
 * Every write the web app makes (spec §7), declared once: method and URL. Their bodies and
 * answers are the contract's schemas named at each call.
 */
export const WRITE_URLS = {
  signIn: 'POST /api/user/me',
  register: 'POST /api/user/register',
  checkUsername: 'POST /api/user/valid',
  saveUser: 'POST /api/user/save',
  signOut: 'POST /api/user/sign-out',
  claim: 'POST /api/biz/claims',
  saveListingInfo: 'PUT /api/biz/locations/:id/info',
  campaignEntry: 'POST /api/campaigns/:campaign/entries',
  shareTracker: 'POST /api/v2/trackers/share',
  reviewRead: 'PUT /api/v2/reviews/:id/reads/:deviceId',
  events: 'POST /api/events',
} as const;
export type WriteName = keyof typeof WRITE_URLS;

/** A write's method and its URL with the path parameters filled in (each encoded). */
export function writeRequest(
  name: WriteName,
  params: Record<string, string | number> = {},
): { method: 'POST' | 'PUT'; path: string } {
  const [method, url] = WRITE_URLS[name].split(' ') as ['POST' | 'PUT', string];
  return { method, path: fillPath(name, url, params) };
}

/** A read's path parameters. */
export type ReadParams<Name extends ReadName> = ReadTypes[Name]['params'];

/**
 * A read's query as its read function takes it: the schema's output (numbers as numbers,
 * booleans as booleans, lists as lists, every default filled in). What a loader passes.
 */
export type ReadQuery<Name extends ReadName> = ReadTypes[Name]['query'] extends ZodType
  ? z.output<ReadTypes[Name]['query']>
  : None;

/** A read's query as an /api URL carries it: the schema's input (strings, defaults left out). */
export type ReadUrlQuery<Name extends ReadName> = ReadTypes[Name]['query'] extends ZodType
  ? z.input<ReadTypes[Name]['query']>
  : None;

/** A read's answer. */
export type ReadAnswer<Name extends ReadName> = ReadTypes[Name]['answer'];

/** Leaves a query out of a call when nothing in it is required. */
type QueryArg<Query> = Record<never, never> extends Query ? [query?: Query] : [query: Query];

/** One read's call: parameters (omitted when it has none), then its query (`ReadQuery`). */
export type ReadArgs<Name extends ReadName> =
  ReadParams<Name> extends None
    ? [params?: None, ...QueryArg<ReadQuery<Name>>]
    : [params: ReadParams<Name>, ...QueryArg<ReadQuery<Name>>];

/**
 * The reads a loader calls, by name: on the server the product server's read functions in
 * process (server/api/read-route.ts `pageReads`), in the browser its `/api` URLs
 * (app/api/reads.ts `readsOver`, a `ReadsOverHttp`, which is also a `Reads`). A refused read
 * answers null (spec §8); on the server a failed one throws a 503 response.
 */
export type Reads = {
  [Name in ReadName]: (...args: ReadArgs<Name>) => Promise<ReadAnswer<Name> | null>;
};

/** One read's call over HTTP: its query in either form (`ReadQuery` or `ReadUrlQuery`). */
export type ReadArgsOverHttp<Name extends ReadName> =
  ReadParams<Name> extends None
    ? [params?: None, query?: ReadQuery<Name> | ReadUrlQuery<Name>]
    : [params: ReadParams<Name>, query?: ReadQuery<Name> | ReadUrlQuery<Name>];

/**
 * The reads over HTTP (app/api/reads.ts `readsOver`): a query in an URL's own form too (the
 * browser's search box, its "show more" lists). A failed or refused read answers null.
 */
export type ReadsOverHttp = {
  [Name in ReadName]: (...args: ReadArgsOverHttp<Name>) => Promise<ReadAnswer<Name> | null>;
};

/**
 * A query written as an /api URL carries it: a `ReadQuery` (a loader's) in the form its schema
 * takes back — a list comma-joined, a boolean '1' or '0' — and a `ReadUrlQuery` as it is.
 */
export function queryInUrl(query: object): Record<string, string | number> {
  const inUrl: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    inUrl[key] = Array.isArray(value)
      ? value.join(',')
      : typeof value === 'boolean'
        ? value
          ? '1'
          : '0'
        : (value as string | number);
  }
  return inUrl;
}

/** A read's URL with its path parameters filled in (each encoded). */
export const readPath = (name: ReadName, params: Record<string, string | number> = {}): string =>
  fillPath(name, READ_URLS[name], params);

function fillPath(name: string, url: string, params: Record<string, string | number>): string {
  return url.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
