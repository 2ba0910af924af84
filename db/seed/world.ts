import { locationIdentifier, slugify } from '../../contract/slug';
import { WEEK_DAYS } from '../../contract/week-days';
import type { Hours } from '../schema';
import clipManifest from './media/clips/manifest.json';
import { namesOnlyItsNeighborhood, neighborhoodsNamedIn } from './coherence';
import { Random } from './random';
import {
  BUSINESS_CATEGORIES,
  CAPTION_TEMPLATES,
  COLLECTION_THEMES,
  CREATOR_WORDS,
  CUISINES,
  FOOD_AND_DRINK,
  NAME_WORDS,
  NON_HOSPITALITY_CAPTIONS,
  PLACE_KINDS,
  PRACTICAL_CATEGORIES,
  TIP_TEMPLATES,
  USER_COLLECTION_NAMES,
  type PlaceKindSeed,
  type SuperCategory,
} from './world-data';
import { CITIES, type CitySeed, type NeighborhoodSeed } from './world-geography';

/**
 * The seeded world, built in memory from a fixed seed (docs/decisions/004-seeded-world.md).
 * Pure: no database, no clock. db/seed/run.ts writes it.
 */
export const DEFAULT_SEED = 20240611;
/** Every date in the world is measured back from this instant, so the world never drifts. */
export const SEED_EPOCH = Date.UTC(2026, 10, 1);
/** spec §9 default featured review ids (production, elsewhere). */
export const FEATURED_REVIEW_IDS = { production: 448782, other: 148734 } as const;
export const TRENDING_RESTAURANT_COUNT = 15;
const FIRST_REVIEW_ID = 500_001;
const FIRST_LOCATION_ID = 1_001;
const DAY = 86_400_000;
const COLLECTIONS_PER_CITY = 6;
const MIN_COLLECTION_SIZE = 5;
const SUPERS: SuperCategory[] = ['dining', 'nightlife', 'hotel', 'experiences', 'shopping'];

/** Words of kinds' labels that keep their capitals inside a sentence ("an Italian restaurant"). */
const PROPER_WORDS = new Set(['Italian', 'Mediterranean', 'BBQ']);
/** A kind's label inside a sentence: "a BBQ joint", "an Italian restaurant", "a sushi bar". */
export const inSentence = (label: string) =>
  label
    .split(' ')
    .map((word) => (PROPER_WORDS.has(word) ? word : word.toLowerCase()))
    .join(' ');

/** A clip of db/seed/media/clips: each kind of place has its own (ADR 077). */
export interface ClipInfo {
  name: string;
  /** PLACE_KINDS key. */
  kind: string;
  durationMs: number;
  width: number;
  height: number;
  hasAudio: boolean;
}
export const CLIPS = clipManifest as ClipInfo[];

export type ClassificationKind = 'cuisine' | 'food_and_drink' | 'category' | 'practical';
export interface WorldCity {
  id: number;
  serviceId: string;
  name: string;
  state: string;
  stateName: string;
  lat: number;
  lon: number;
  slug: string;
  stateSlug: string;
  citySlug: string;
  timeZone: string;
}
export interface WorldClassification {
  id: number;
  kind: ClassificationKind;
  safeName: string;
  name: string;
  pinned: boolean;
}
export interface WorldUser {
  id: number;
  username: string;
  displayName: string;
  vanityUrl: string;
  avatarUrl: string;
  bio: string;
  userLevel: number;
  isInternal: boolean;
  homeCityId: number;
  createdAt: Date;
}
export interface WorldLocation {
  id: number;
  kind: string;
  name: string;
  label: string;
  slug: string;
  address: string;
  neighborhood: string;
  cityId: number;
  zip: string;
  lat: number;
  lon: number;
  phone: string;
  website: string | null;
  prompt: string;
  description: string;
  hours: Hours;
  priceLevel: number | null;
  superCategories: SuperCategory[];
  classificationIds: number[];
  posterClip: string | null;
  trendingRank: number | null;
  rankScore: number;
  createdAt: Date;
}
export interface WorldReview {
  id: number;
  locationId: number;
  cityId: number;
  authorId: number;
  caption: string;
  clip: string;
  durationMs: number;
  width: number;
  height: number;
  hasAudio: boolean;
  viewCount: number;
  rankScore: number;
  createdAt: Date;
}
export interface WorldFollow {
  locationId: number;
  userId: number;
  createdAt: Date;
}
export interface WorldTip {
  id: number;
  locationId: number;
  authorId: number;
  text: string;
  createdAt: Date;
}
export interface WorldCollection {
  id: number;
  name: string;
  description: string;
  cityId: number;
  reviewIds: number[];
}
export interface WorldUserCollection {
  id: number;
  userId: number;
  name: string;
  reviewIds: number[];
}
/** A place a user runs (the business dashboard of spec §3). */
export interface WorldBusinessOwner {
  userId: number;
  locationId: number;
}
export interface World {
  seed: number;
  scale: number;
  cities: WorldCity[];
  classifications: WorldClassification[];
  users: WorldUser[];
  locations: WorldLocation[];
  reviews: WorldReview[];
  follows: WorldFollow[];
  tips: WorldTip[];
  collections: WorldCollection[];
  userCollections: WorldUserCollection[];
  businessOwners: WorldBusinessOwner[];
}

export interface WorldOptions {
  seed?: number;
  /** Multiplies places and creators; scale 100 ≈ half a million reviews. */
  scale?: number;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const isHospitality = (kind: PlaceKindSeed) => kind.superCategories.length > 0;

export function generateWorld(options: WorldOptions = {}): World {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? 1;
  const random = new Random(seed);

  const cities: WorldCity[] = CITIES.map((c, i) => {
    const stateSlug = c.state.toLowerCase();
    const citySlug = slugify(c.name);
    return {
      id: i + 1,
      serviceId: `city-${stateSlug}-${citySlug}`,
      name: c.name,
      state: c.state,
      stateName: c.stateName,
      lat: c.lat,
      lon: c.lon,
      slug: `${citySlug}-${stateSlug}`,
      stateSlug,
      citySlug,
      timeZone: c.timeZone,
    };
  });

  const classifications: WorldClassification[] = [];
  const addClassifications = (
    kind: ClassificationKind,
    items: { safeName: string; name: string; pinned?: boolean }[],
  ) => {
    for (const item of items) {
      classifications.push({
        id: classifications.length + 1,
        kind,
        safeName: item.safeName,
        name: item.name,
        pinned: item.pinned ?? false,
      });
    }
  };
  addClassifications('cuisine', CUISINES);
  addClassifications('food_and_drink', FOOD_AND_DRINK);
  addClassifications('category', BUSINESS_CATEGORIES);
  addClassifications('practical', PRACTICAL_CATEGORIES);
  const classificationId = (kinds: ClassificationKind[], safeName: string) => {
    const found = classifications.find((c) => kinds.includes(c.kind) && c.safeName === safeName);
    if (!found) throw new Error(`Unknown ${kinds.join('/')} '${safeName}' in world-data`);
    return found.id;
  };
  const practicalIds = classifications.filter((c) => c.kind === 'practical').map((c) => c.id);

  const users = generateCreators(random, cities, Math.max(200, Math.round(220 * scale)));
  const creatorsByCity = new Map<number, WorldUser[]>();
  for (const user of users) {
    if (user.isInternal) continue;
    const list = creatorsByCity.get(user.homeCityId) ?? [];
    list.push(user);
    creatorsByCity.set(user.homeCityId, list);
  }
  const creators = users.filter((u) => !u.isInternal);

  const placesPerCity = Math.max(40, Math.round(44 * scale));
  const locations: WorldLocation[] = [];
  const reviews: WorldReview[] = [];
  const follows: WorldFollow[] = [];
  const tips: WorldTip[] = [];
  let reviewId = FIRST_REVIEW_ID;
  // A name is one place's in the whole world (ADR 075): no chains.
  const usedNames = new Set<string>();

  for (const city of cities) {
    const citySeed = CITIES[city.id - 1] as CitySeed;
    const locals = creatorsByCity.get(city.id) ?? creators;
    for (const kind of kindsForCity(random, placesPerCity)) {
      const location = generateLocation(random, {
        id: FIRST_LOCATION_ID + locations.length,
        kind,
        city,
        citySeed,
        usedNames,
        classificationIds: [
          // First the kind's own: "more spots like this nearby" match on it (db/derived.ts).
          classificationId(...primaryOf(kind)),
          ...kind.categories.map((s) => classificationId(['category', 'practical'], s)),
          ...kind.cuisines.map((s) => classificationId(['cuisine'], s)),
          ...kind.foodAndDrink.map((s) => classificationId(['food_and_drink'], s)),
          ...random.sample(practicalIds, random.int(1, 3)),
        ],
      });
      locations.push(location);

      const theme: SuperCategory = location.superCategories[0] ?? 'experiences';
      const kindClips = CLIPS.filter((c) => c.kind === kind.key);
      const dishes = kind.cuisines.flatMap(
        (s) => CUISINES.find((c) => c.safeName === s)?.dishes ?? [],
      );
      // Most places have a handful of videos; a few popular ones have dozens (so pages matter).
      const count = random.chance(0.06) ? random.int(24, 48) : random.int(8, 11);
      const placeReviews: WorldReview[] = [];
      for (let i = 0; i < count; i++) {
        const author = random.chance(0.8) ? random.pick(locals) : random.pick(creators);
        const clip = random.pick(kindClips.length > 0 ? kindClips : CLIPS);
        const ageDays = random.skewed(540, 2);
        const viewCount = random.skewed(50_000, 4) + random.int(20, 400);
        const templates = isHospitality(kind) ? CAPTION_TEMPLATES[theme] : NON_HOSPITALITY_CAPTIONS;
        const caption = fill(random.pick(templates), {
          place: location.name,
          dish: dishes.length > 0 ? random.pick(dishes) : random.pick(random.pick(CUISINES).dishes),
          neighborhood: location.neighborhood,
          city: city.name,
        });
        const review: WorldReview = {
          id: reviewId++,
          locationId: location.id,
          cityId: city.id,
          authorId: author.id,
          caption,
          clip: clip.name,
          durationMs: clip.durationMs,
          width: clip.width,
          height: clip.height,
          hasAudio: clip.hasAudio,
          viewCount,
          // A discovery feed leads with hospitality; a dental clinic's video ranks lower.
          rankScore: round(
            (Math.log1p(viewCount) + 4 * Math.exp(-ageDays / 60) + random.next()) *
              (isHospitality(kind) ? 1 : 0.6),
          ),
          createdAt: new Date(SEED_EPOCH - ageDays * DAY - random.int(0, DAY - 1)),
        };
        placeReviews.push(review);
      }
      placeReviews.sort((a, b) => b.rankScore - a.rankScore);
      reviews.push(...placeReviews);
      location.posterClip = placeReviews[0]?.clip ?? null;
      location.rankScore = round(
        placeReviews.slice(0, 3).reduce((sum, r) => sum + r.rankScore, 0) / 3,
      );

      const followerCount = random.skewed(60, 2) + 2;
      for (const follower of random.sample(creators, followerCount)) {
        follows.push({
          locationId: location.id,
          userId: follower.id,
          createdAt: new Date(SEED_EPOCH - random.int(0, 365) * DAY - random.int(0, DAY - 1)),
        });
      }
      for (const text of random.sample(TIP_TEMPLATES[theme], random.int(2, 5))) {
        tips.push({
          id: tips.length + 1,
          locationId: location.id,
          authorId: random.pick(locals).id,
          text: fill(text, {
            dish: dishes.length > 0 ? random.pick(dishes) : 'house special',
            neighborhood: location.neighborhood,
            city: city.name,
            place: location.name,
          }),
          createdAt: new Date(SEED_EPOCH - random.int(0, 365) * DAY),
        });
      }
    }
  }

  markTrendingAndFeatured(cities, locations, reviews);

  const byLocation = groupBy(reviews, (r) => r.locationId);
  const collections = generateCollections(random, cities, locations, byLocation, classifications);
  const userCollections = generateUserCollections(random, creators, reviews);
  const businessOwners = chooseBusinessOwners(users, locations);

  return {
    seed,
    scale,
    cities,
    classifications,
    users,
    locations,
    reviews,
    follows,
    tips,
    collections,
    userCollections,
    businessOwners,
  };
}

/**
 * Owners of the seeded world (docs/decisions/014-accounts.md): user 2 runs one place, user 3
 * runs two (a restaurant and a shop: both classifications of spec §4), user 4 runs none. They
 * are the returning people of the bundled identity provider.
 */
function chooseBusinessOwners(
  users: WorldUser[],
  locations: WorldLocation[],
): WorldBusinessOwner[] {
  const hospitality = locations.filter(
    (l) => l.superCategories.length > 0 && !l.superCategories.includes('shopping'),
  );
  const shops = locations.filter((l) => l.superCategories.includes('shopping'));
  const owners: WorldBusinessOwner[] = [];
  const own = (userId: number, location: WorldLocation | undefined) => {
    if (location && users.some((u) => u.id === userId))
      owners.push({ userId, locationId: location.id });
  };
  own(2, hospitality[0]);
  own(3, hospitality[1]);
  own(3, shops[0]);
  return owners;
}

/** Every city gets all five super categories and both classification outcomes (spec §4). */
function kindsForCity(random: Random, count: number): PlaceKindSeed[] {
  const kinds: PlaceKindSeed[] = [];
  for (const superCategory of SUPERS) {
    const candidates = PLACE_KINDS.filter((k) => k.superCategories[0] === superCategory);
    kinds.push(...Array.from({ length: 3 }, () => random.weighted(candidates)));
  }
  const nonHospitality = PLACE_KINDS.filter((k) => !isHospitality(k));
  kinds.push(...random.sample(nonHospitality, 2));
  while (kinds.length < count) kinds.push(random.weighted(PLACE_KINDS));
  return kinds;
}

interface LocationInput {
  id: number;
  kind: PlaceKindSeed;
  city: WorldCity;
  citySeed: CitySeed;
  usedNames: Set<string>;
  classificationIds: number[];
}

/**
 * A kind's primary classification, the first of a place's classification ids: its first category,
 * or its first cuisine when that category is the generic 'restaurant' (a pizzeria is a pizza
 * place). Distinct for every kind (world-coherence.test.ts).
 */
export function primaryOf(kind: PlaceKindSeed): [ClassificationKind[], string] {
  const [category] = kind.categories;
  const [cuisine] = kind.cuisines;
  if (category === 'restaurant' && cuisine) return [['cuisine'], cuisine];
  if (!category) throw new Error(`Place kind '${kind.key}' has no category`);
  return [['category', 'practical'], category];
}

const KM_PER_DEGREE = 111.195;

/**
 * A point drawn evenly over the disc of `hood` (ADR 075: a place lies within its neighbourhood),
 * kept a little inside the edge so rounding to 6 decimals (0.1 m) never steps out.
 */
function pointIn(random: Random, hood: NeighborhoodSeed): { lat: number; lon: number } {
  const r = hood.radiusKm * 0.98 * Math.sqrt(random.next());
  const angle = 2 * Math.PI * random.next();
  const cosLat = Math.cos((hood.lat * Math.PI) / 180);
  return {
    lat: round(hood.lat + (r * Math.cos(angle)) / KM_PER_DEGREE, 6),
    lon: round(hood.lon + (r * Math.sin(angle)) / (KM_PER_DEGREE * cosLat), 6),
  };
}

/** "Bleecker St" names "Bleecker"; "N Highland Ave NE" names "Highland". */
const streetStem = (street: string) =>
  street
    .replace(/^(N|S|E|W|NE|NW|SE|SW)\s+/, '')
    .replace(/\s+(N|S|E|W|NE|NW|SE|SW)$/, '')
    .replace(/\s+(St|Ave|Blvd|Rd|Dr|Ln|Way|Pl|Pkwy|Ct|Sq|Cir|Ter|Hwy)\.?$/i, '');

/**
 * A name no other place in the world has, naming no neighbourhood but its own (ADR 075). A kind's
 * templates run out at large scales: then the place's own neighbourhood follows the name.
 */
function placeName(
  random: Random,
  kind: PlaceKindSeed,
  values: { hood: NeighborhoodSeed; street: string; city: string },
  usedNames: Set<string>,
): string {
  const fits = (name: string) =>
    !usedNames.has(name) && namesOnlyItsNeighborhood(name, values.hood.name);
  const draw = () =>
    fill(random.pick(kind.nameTemplates), {
      surname: random.pick(NAME_WORDS.surnames),
      first: random.pick(NAME_WORDS.firstNames),
      adj: random.pick(NAME_WORDS.adjectives),
      noun: random.pick(NAME_WORDS.nouns),
      street: streetStem(values.street),
      neighborhood: values.hood.name,
      city: values.city,
    });
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = draw();
    if (fits(name)) return name;
  }
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const base = draw();
    if (neighborhoodsNamedIn(base).length > 0) continue;
    const name = `${base} ${values.hood.name}`;
    if (fits(name)) return name;
  }
  throw new Error(`No free name left for a ${kind.key} in ${values.hood.name}`);
}

function generateLocation(random: Random, input: LocationInput): WorldLocation {
  const { id, kind, city, citySeed, usedNames } = input;
  const hood = random.pick(citySeed.neighborhoods);
  const neighborhood = hood.name;
  const street = random.pick(hood.streets);
  const name = placeName(random, kind, { hood, street, city: city.name }, usedNames);
  usedNames.add(name);
  const prompt = fill(random.pick(kind.prompts), { neighborhood, city: city.name });
  const hospitality = isHospitality(kind);
  const website = random.chance(0.88) ? `https://www.${slugify(name).replace(/-/g, '')}.com` : null;
  const { lat, lon } = pointIn(random, hood);
  return {
    id,
    kind: kind.key,
    name,
    label: kind.label,
    slug: locationIdentifier(name, id),
    address: `${random.int(1, 1200)} ${street}`,
    neighborhood,
    cityId: city.id,
    zip: random.pick(hood.zipCodes),
    lat,
    lon,
    phone: `(${citySeed.areaCode}) 555-${String(random.int(100, 199)).padStart(4, '0')}`,
    website,
    prompt,
    description: hospitality
      ? `${prompt} ${/^[aeiou]/i.test(kind.label) ? 'An' : 'A'} ${inSentence(kind.label)} in ${neighborhood}, ${city.name}, filmed by the locals who love it.`
      : `${prompt} Serving ${neighborhood} and the rest of ${city.name}.`,
    hours: hoursFor(kind.superCategories[0] ?? null, random),
    priceLevel:
      kind.superCategories.includes('dining') || kind.superCategories.includes('nightlife')
        ? random.int(1, 4)
        : kind.superCategories.includes('hotel')
          ? random.int(2, 4)
          : null,
    superCategories: [...kind.superCategories],
    classificationIds: [...new Set(input.classificationIds)],
    posterClip: null,
    trendingRank: null,
    rankScore: 0,
    createdAt: new Date(SEED_EPOCH - random.int(400, 2000) * DAY),
  };
}

function hoursFor(superCategory: SuperCategory | null, random: Random): Hours {
  const open = (day: string, from: string, to: string) => ({ day, open: from, close: to });
  const closed = (day: string) => ({ day, open: null, close: null });
  switch (superCategory) {
    case 'dining': {
      const closedMonday = random.chance(0.3);
      return WEEK_DAYS.map((day, i) =>
        i === 0 && closedMonday
          ? closed(day)
          : open(day, '11:00', i >= 4 && i <= 5 ? '23:00' : '22:00'),
      );
    }
    case 'nightlife':
      return WEEK_DAYS.map((day, i) =>
        i < 2 && random.chance(0.4) ? closed(day) : open(day, '17:00', '02:00'),
      );
    case 'hotel':
      return WEEK_DAYS.map((day) => open(day, '00:00', '23:59'));
    case 'experiences':
      return WEEK_DAYS.map((day) => open(day, '10:00', '18:00'));
    case 'shopping':
      return WEEK_DAYS.map((day, i) =>
        i === 6 ? open(day, '11:00', '18:00') : open(day, '10:00', '20:00'),
      );
    default:
      return WEEK_DAYS.map((day, i) => (i < 5 ? open(day, '09:00', '17:00') : closed(day)));
  }
}

function generateCreators(random: Random, cities: WorldCity[], count: number): WorldUser[] {
  const users: WorldUser[] = [
    {
      id: 1,
      username: 'spotreel',
      displayName: 'Spotreel',
      vanityUrl: 'spotreel',
      avatarUrl: 'avatars/spotreel.svg',
      bio: 'The Spotreel team. We share the spots our locals love most.',
      userLevel: 9,
      isInternal: true,
      homeCityId: 1,
      createdAt: new Date(SEED_EPOCH - 900 * DAY),
    },
  ];
  const taken = new Set(['spotreel']);
  while (users.length < count + 1) {
    const separator = random.pick(['', '.', '_', '']);
    let username =
      `${random.pick(CREATOR_WORDS.handlePrefixes)}${separator}${random.pick(CREATOR_WORDS.handleSuffixes)}`
        .toLowerCase()
        .replace(/[^a-z0-9._]/g, '');
    if (taken.has(username)) username = `${username}${random.int(2, 99)}`;
    if (taken.has(username)) continue;
    taken.add(username);
    const city = random.pick(cities);
    const id = users.length + 1;
    users.push({
      id,
      username,
      displayName: `${random.pick(NAME_WORDS.firstNames)} ${random.pick(NAME_WORDS.surnames)}`,
      vanityUrl: username,
      avatarUrl: `avatars/${username}.svg`,
      bio: fill(random.pick(CREATOR_WORDS.bios), { city: city.name }),
      userLevel: 2,
      isInternal: false,
      homeCityId: city.id,
      createdAt: new Date(SEED_EPOCH - random.int(560, 1200) * DAY),
    });
  }
  return users;
}

/** spec §2.5 footer: 15 trending restaurants, one city at a time; spec §9 featured review ids. */
function markTrendingAndFeatured(
  cities: WorldCity[],
  locations: WorldLocation[],
  reviews: WorldReview[],
) {
  const restaurantsByCity = cities.map((city) =>
    locations
      .filter((l) => l.cityId === city.id && l.superCategories[0] === 'dining')
      .sort((a, b) => b.rankScore - a.rankScore || a.id - b.id),
  );
  const trending: WorldLocation[] = [];
  for (let round = 0; trending.length < TRENDING_RESTAURANT_COUNT; round++) {
    for (const list of restaurantsByCity) {
      const next = list[round];
      if (next && trending.length < TRENDING_RESTAURANT_COUNT) trending.push(next);
    }
  }
  trending.forEach((location, i) => (location.trendingRank = i + 1));

  const featured = [FEATURED_REVIEW_IDS.other, FEATURED_REVIEW_IDS.production];
  featured.forEach((id, i) => {
    const location = trending[i] as WorldLocation;
    const review = reviews.find((r) => r.locationId === location.id);
    if (review) review.id = id;
  });
}

function generateCollections(
  random: Random,
  cities: WorldCity[],
  locations: WorldLocation[],
  byLocation: Map<number, WorldReview[]>,
  classifications: WorldClassification[],
): WorldCollection[] {
  const collections: WorldCollection[] = [];
  for (const city of cities) {
    const inCity = locations.filter((l) => l.cityId === city.id);
    // A collection holds only what its title promises (ADR 075); a theme the city has too few
    // places for is left out, and the next one taken.
    let made = 0;
    for (const theme of random.sample(COLLECTION_THEMES, COLLECTION_THEMES.length)) {
      if (made === COLLECTIONS_PER_CITY) break;
      const categoryId = theme.category
        ? classifications.find((c) => c.safeName === theme.category)?.id
        : undefined;
      const matches = inCity.filter(
        (l) =>
          (!theme.superCategory || l.superCategories.includes(theme.superCategory)) &&
          (categoryId === undefined || l.classificationIds.includes(categoryId)),
      );
      if (matches.length < MIN_COLLECTION_SIZE) continue;
      const picked = random.sample(matches, random.int(8, 12));
      collections.push({
        id: collections.length + 1,
        name: fill(theme.name, { city: city.name }),
        description: fill(theme.description, { city: city.name }),
        cityId: city.id,
        reviewIds: picked.map((l) => (byLocation.get(l.id) ?? [])[0]?.id).filter(isNumber),
      });
      made++;
    }
  }
  return collections;
}

function generateUserCollections(
  random: Random,
  creators: WorldUser[],
  reviews: WorldReview[],
): WorldUserCollection[] {
  const byCity = groupBy(reviews, (r) => r.cityId);
  const lists: WorldUserCollection[] = [];
  for (const user of creators) {
    if (!random.chance(0.4)) continue;
    for (const name of random.sample(USER_COLLECTION_NAMES, random.int(1, 3))) {
      const pool = byCity.get(user.homeCityId) ?? reviews;
      lists.push({
        id: lists.length + 1,
        userId: user.id,
        name,
        reviewIds: random.sample(pool, random.int(5, 10)).map((r) => r.id),
      });
    }
  }
  return lists;
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const isNumber = (value: number | undefined): value is number => typeof value === 'number';
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
