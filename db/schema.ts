import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FlagValue } from '../contract/analytics-events';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const trgm = (column: string) => sql.raw(`${column} gin_trgm_ops`);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    serviceId: text('service_id').notNull().unique(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    stateName: text('state_name').notNull(),
    country: text('country').notNull().default('US'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** Route slug `{citySlug}-{stateSlug}` (ADR 006). */
    slug: text('slug').notNull().unique(),
    stateSlug: text('state_slug').notNull(),
    citySlug: text('city_slug').notNull(),
    /** IANA time zone of the city (its places' opening hours are in it), e.g. America/Chicago. */
    timeZone: text('time_zone').notNull(),
  },
  (t) => [
    uniqueIndex('cities_state_city_slug_idx').on(t.stateSlug, t.citySlug),
    index('cities_name_trgm_idx').using('gin', trgm('name')),
  ],
);

/** Cuisines, food_and_drink tags, listing categories and practical categories in one table. */
export const classifications = pgTable(
  'classifications',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['cuisine', 'food_and_drink', 'category', 'practical'] }).notNull(),
    safeName: text('safe_name').notNull(),
    name: text('name').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    /** Places carrying it, refreshed after seeding and imports (db/counts.ts). */
    locationCount: integer('location_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('classifications_kind_safe_name_idx').on(t.kind, t.safeName),
    index('classifications_kind_order_idx').on(t.kind, t.pinned, t.locationCount),
  ],
);

export const cityClassifications = pgTable(
  'city_classifications',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    classificationId: integer('classification_id')
      .notNull()
      .references(() => classifications.id, { onDelete: 'cascade' }),
    locationCount: integer('location_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.classificationId] })],
);

/** How many of a city's places are of each super category (the city page's jump links). */
export const citySuperCategories = pgTable(
  'city_super_categories',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    superCategory: text('super_category').notNull(),
    locationCount: integer('location_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.superCategory] })],
);

/**
 * Topic pages (spec §2.6, docs/decisions/080-topic-pages.md): every kind in a city, and in a
 * neighbourhood, with at least TOPIC_MIN_PLACES places. Only those that pass are stored, so the
 * sitemap, the links and the pages read rows that exist; db/derived.ts rebuilds them.
 * `neighborhood_slug` is '' for the whole city.
 */
export const topicPages = pgTable(
  'topic_pages',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    neighborhood: text('neighborhood').notNull(),
    neighborhoodSlug: text('neighborhood_slug').notNull(),
    kind: text('kind', { enum: ['super_category', 'category', 'cuisine'] }).notNull(),
    /** The super category's key, or the classification's safe name: the address's last part. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The classification's id; null for a super category. */
    classificationId: integer('classification_id'),
    locationCount: integer('location_count').notNull(),
    /**
     * Its best TOPIC_PLACES places, best first (rank score, then id): ranks change only where
     * this table is rebuilt (the seed, an import), so the page reads its places by primary key.
     */
    locationIds: integer('location_ids').array().notNull(),
  },
  (t) => [
    uniqueIndex('topic_pages_place_slug_idx').on(t.cityId, t.neighborhoodSlug, t.slug),
    // The same kind elsewhere in the city (a topic page's "nearby" links).
    index('topic_pages_city_slug_idx').on(t.cityId, t.slug),
    // A search that names a kind and a neighbourhood, in whichever city has it.
    index('topic_pages_slug_neighborhood_idx').on(t.slug, t.neighborhoodSlug),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    vanityUrl: text('vanity_url').notNull(),
    /** A media key (`avatars/…`) or an absolute URL from an identity provider. */
    avatarUrl: text('avatar_url').notNull(),
    bio: text('bio').notNull().default(''),
    email: text('email'),
    userLevel: smallint('user_level').notNull().default(1),
    isInternal: boolean('is_internal').notNull().default(false),
    homeCityId: integer('home_city_id').references(() => cities.id),
    followerCount: integer('follower_count').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: createdAt(),
    /** Set by every write of the profile: replicas' search indexes pick changes up by it (ADR 035). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // By time, then id: a sync's pages of changes walk it in their order (ADR 035).
    index('users_updated_at_id_idx').on(t.updatedAt, t.id),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_vanity_url_lower_idx').on(sql`lower(${t.vanityUrl})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_username_trgm_idx').using('gin', trgm('username')),
    index('users_display_name_trgm_idx').using('gin', trgm('display_name')),
  ],
);

/**
 * Names a user went by before a rename, so that their old profile address moves to the new one
 * (301). One row a name, lowercased: the last person to leave a name owns its redirect, and a
 * live username of the same name wins over it (docs/decisions/079-former-usernames.md).
 */
export const formerUsernames = pgTable(
  'former_usernames',
  {
    nameKey: text('name_key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A user's rows go with them (the cascade finds them by it).
  (t) => [index('former_usernames_user_id_idx').on(t.userId)],
);

export type Hours = { day: string; open: string | null; close: string | null }[];

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    slug: text('slug').notNull(),
    address: text('address').notNull(),
    neighborhood: text('neighborhood').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    zip: text('zip').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    prompt: text('prompt').notNull(),
    description: text('description').notNull(),
    hours: jsonb('hours').$type<Hours>().notNull(),
    priceLevel: smallint('price_level'),
    superCategories: text('super_categories').array().notNull(),
    /** Ids of its cuisines, food_and_drink tags and categories (classifications.id). */
    classificationIds: integer('classification_ids').array().notNull(),
    followerCount: integer('follower_count').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Clip of the top video, kept with the place so lists need no extra join. */
    posterClip: text('poster_clip'),
    /** 1–15 for the footer's trending restaurants (spec §2.5), else null. */
    trendingRank: smallint('trending_rank'),
    rankScore: real('rank_score').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locations_city_rank_idx').on(t.cityId, t.rankScore.desc().nullsFirst()),
    // A city's count of places per super category (server/api/cities.ts, every city feed and
    // page): an index-only scan of the city's entries, not a heap visit per place (ADR 041).
    index('locations_city_super_categories_idx').on(t.cityId, t.superCategories),
    index('locations_super_categories_idx').using('gin', t.superCategories),
    index('locations_classification_ids_idx').using('gin', t.classificationIds),
    index('locations_name_trgm_idx').using('gin', trgm('name')),
    // Replicas' search indexes pick up changed places by it (ADR 035), in pages by time, then id.
    index('locations_updated_at_id_idx').on(t.updatedAt, t.id),
    // A business claim finds its place by zip, name and address, any case (server/api/business.ts).
    index('locations_zip_name_idx').on(t.zip, sql`lower(${t.name})`),
    index('locations_trending_idx')
      .on(t.trendingRank)
      .where(sql`${t.trendingRank} is not null`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** Denormalised from the location for the city feed's index. */
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    caption: text('caption').notNull(),
    /** Media key of the clip: `{clip}.mp4`, `{clip}.webm` and `{clip}.jpg` under /media/clips. */
    clip: text('clip').notNull(),
    durationMs: integer('duration_ms').notNull(),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    /** The clip has a sound track: players offer Mute/Unmute only then (ADR 077). */
    hasAudio: boolean('has_audio').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    rankScore: real('rank_score').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_rank_idx').on(t.rankScore.desc().nullsFirst(), t.id),
    index('reviews_city_rank_idx').on(t.cityId, t.rankScore.desc().nullsFirst(), t.id),
    index('reviews_location_created_idx').on(
      t.locationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_author_created_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
    index('reviews_caption_trgm_idx').using('gin', trgm('caption')),
  ],
);

/**
 * One row per review, device and UTC day: PUT …/reads/{deviceId} is idempotent per day (ADR 007,
 * ADR 037). Partitioned by month on `read_on` (db/migrations/0008_views_at_scale.sql, created
 * ahead and dropped past retention by db/partitions.ts): drizzle cannot say so, the migration does.
 */
export const reviewReads = pgTable(
  'review_reads',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** The UTC day of the first read: the partition key, and what a view is unique within. */
    readOn: date('read_on', { mode: 'string' }).notNull(),
    watchedDurationMs: integer('watched_duration_ms'),
    readCount: integer('read_count').notNull().default(1),
    firstReadAt: timestamp('first_read_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.deviceId, t.readOn] })],
);

/** Opened shared links. Partitioned by month on `created_at` (ADR 037). */
export const shares = pgTable(
  'shares',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: integer('resource_id').notNull(),
    referrerCode: text('referrer_code').notNull(),
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // A partitioned table's keys hold its partition key.
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('shares_resource_created_idx').on(t.resourceType, t.resourceId, t.createdAt),
  ],
);

/**
 * A place's views (first reads of its videos by a device that day), minutes watched and shares
 * (of the place or its videos) per UTC day: what the owner dashboard's growth charts read
 * (server/api/business.ts). Kept up to date by the writes themselves, rebuilt from the raw rows
 * by `rebuildLocationDailyStats` (db/derived.ts). Partitioned by month on `day` (ADR 037).
 */
export const locationDailyStats = pgTable(
  'location_daily_stats',
  {
    locationId: integer('location_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    watchedMs: bigint('watched_ms', { mode: 'number' }).notNull().default(0),
    shares: integer('shares').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.day] })],
);

export const locationFollows = pgTable(
  'location_follows',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.userId] }),
    index('location_follows_location_created_idx').on(
      t.locationId,
      t.createdAt.desc().nullsFirst(),
    ),
  ],
);

export const tips = pgTable(
  'tips',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('tips_location_created_idx').on(t.locationId, t.createdAt.desc().nullsFirst())],
);

/** Precomputed related places (spec §7 related with use_cache / use_only_cache). */
export const relatedLocations = pgTable('related_locations', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  relatedIds: integer('related_ids').array().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  cityId: integer('city_id').references(() => cities.id),
  createdAt: createdAt(),
});

export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.position] })],
);

export const userCollections = pgTable(
  'user_collections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('user_collections_user_idx').on(t.userId)],
);

export const userCollectionItems = pgTable(
  'user_collection_items',
  {
    userCollectionId: integer('user_collection_id')
      .notNull()
      .references(() => userCollections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userCollectionId, t.position] })],
);

/** Which seed made this database (db/seed/run.ts): seeding happens on first start only. */
export const seedRuns = pgTable('seed_runs', {
  id: serial('id').primaryKey(),
  scale: real('scale').notNull(),
  seed: integer('seed').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person as an identity provider knows them (docs/decisions/014-accounts.md). `uid` is the
 * serviceId of spec §3; `userId` is set once they have signed up.
 */
export const authIdentities = pgTable(
  'auth_identities',
  {
    uid: text('uid').primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_identities_provider_subject_idx').on(t.provider, t.subject),
    index('auth_identities_user_idx').on(t.userId),
  ],
);

/** One sign-in popup's authorization request: state, nonce and PKCE verifier, used once. */
export const authFlows = pgTable(
  'auth_flows',
  {
    state: text('state').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: createdAt(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  // Expired flows are deleted by age as new ones start (server/auth/federation.ts).
  (t) => [index('auth_flows_created_idx').on(t.createdAt)],
);

/** Spotreel ID tokens already spent on a sign-in or sign-up (replays are refused). */
export const spentTokens = pgTable(
  'spent_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * The bundled identity provider's state (docs/decisions/039-replicas.md): oidc-provider's
 * interactions, sessions, grants and codes, and the accounts typed into its picker, by model and
 * id, so a sign-in may hop between replicas. Expired rows are deleted by age.
 */
export const idpPayloads = pgTable(
  'idp_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_payloads_grant_idx').on(t.grantId),
    index('idp_payloads_uid_idx').on(t.uid),
    index('idp_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Rate-limit windows shared by every replica (RATE_LIMIT_STORE=database,
 * docs/decisions/039-replicas.md): one row per client and budget, counted by one upsert a request.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_ends_idx').on(t.endsAt)],
);

/** Signed-in sessions: only a hash of the opaque token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Places a user runs: the business dashboard locations of spec §3. */
export const businessOwners = pgTable(
  'business_owners',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.locationId] }),
    index('business_owners_location_idx').on(t.locationId),
  ],
);

/**
 * A claim of a business (`claim-business`, spec §2.2), reviewed by the team. One person (email,
 * or account when signed in) claims one place (name + street + postal code) once.
 */
export const businessClaims = pgTable(
  'business_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The listed place the claim names, when name, street and postal code match one. */
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** Normalised business name, street line and postal code: what "one place" means. */
    placeKey: text('place_key').notNull(),
    ownerName: text('owner_name').notNull(),
    position: text('position').notNull(),
    businessName: text('business_name').notNull(),
    businessWebsite: text('business_website'),
    addrLine1: text('addr_line1').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postal: text('postal').notNull(),
    email: text('email').notNull(),
    /** Lower-cased email: what "one person" means for a signed-out claim. */
    emailKey: text('email_key').notNull(),
    phone: text('phone').notNull(),
    utmSource: text('utm_source'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('business_claims_place_email_idx').on(t.placeKey, t.emailKey),
    uniqueIndex('business_claims_place_user_idx')
      .on(t.placeKey, t.userId)
      .where(sql`${t.userId} is not null`),
    index('business_claims_location_idx').on(t.locationId),
  ],
);

/**
 * An entry on a campaign page (spec §2.3): a scholarship application, a giveaway entry, a creator
 * application, a community-round reservation, a partner-offer sign-up. One per person (email) and
 * campaign; the form's fields are kept as they were checked (contract/campaigns.ts).
 */
export const campaignEntries = pgTable(
  'campaign_entries',
  {
    id: serial('id').primaryKey(),
    campaign: text('campaign').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('campaign_entries_campaign_email_idx').on(t.campaign, t.emailKey)],
);

/**
 * Feature flags (docs/decisions/017-flags-and-analytics.md): config/flags.json is the source of
 * truth and is copied here at boot and on every edit (server/flags/flag-file.ts), so every
 * process, on the embedded database or a server, evaluates the same definitions.
 */
export const featureFlags = pgTable(
  'feature_flags',
  {
    key: text('key').primaryKey(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['boolean', 'multivariate'] }).notNull(),
    enabled: boolean('enabled').notNull(),
    rolloutPercent: integer('rollout_percent').notNull(),
    /** Multivariate flags: each variant's share of the rollout, in order, adding up to 100. */
    variants: jsonb('variants').$type<{ key: string; percent: number }[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('feature_flags_rollout_percent_check', sql`${t.rolloutPercent} between 0 and 100`)],
);

/** A person pinned to a flag value (true/false, or a variant), whatever the rollout says. */
export const featureFlagOverrides = pgTable(
  'feature_flag_overrides',
  {
    distinctId: text('distinct_id').notNull(),
    flagKey: text('flag_key')
      .notNull()
      .references(() => featureFlags.key, { onDelete: 'cascade' }),
    value: jsonb('value').$type<FlagValue>().notNull(),
  },
  // distinct_id first: every page asks for one person's overrides (server/flags/flag-store.ts).
  (t) => [primaryKey({ columns: [t.distinctId, t.flagKey] })],
);

/**
 * The first-party analytics sink (POST /api/events): page views and labelled clicks as the
 * pages sent them, kept whether or not a third-party tracker is configured.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    label: text('label'),
    distinctId: text('distinct_id').notNull(),
    path: text('path').notNull(),
    title: text('title'),
    referrer: text('referrer'),
    properties: jsonb('properties')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The partition key: partitioned by month (ADR 037). */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.receivedAt] }),
    index('analytics_events_distinct_id_idx').on(t.distinctId, t.id),
    index('analytics_events_name_received_idx').on(t.name, t.receivedAt),
  ],
);
