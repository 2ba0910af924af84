import { and, asc, between, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { City } from '../../contract/cities';
import type { SuperCategory, Tag } from '../../contract/classifications';
import { SUPER_CATEGORIES } from '../../contract/super-categories';
import type { LocationSummary } from '../../contract/locations';
import { localTime, statusAt } from '../../contract/opening-hours';
import { Review } from '../../contract/reviews';
import {
  SearchPlace,
  type SearchResults,
  type SearchResultType,
  type SearchSort,
  type SearchUnderstood,
} from '../../contract/search';
import { Author } from '../../contract/users';
import { cities, classifications, locations, reviews, users } from '../../db/schema';
import {
  authorColumns,
  cityColumns,
  reviewsByIds,
  summaryColumns,
  toAuthor,
  toCity,
  toLocationSummary,
  type ReadContext,
} from '../api/read-models';
import { createFailureLog, type FailureLog, type FailureLogger } from '../failure-log';
import {
  bestScore,
  kthBest,
  kthLargest,
  TextIndex,
  type TextDoc,
  type TextMatch,
  type TextQuery,
} from './text-index';
import { normalize, singular, terms, words } from './text';
import { answers, OCCASIONS } from './occasions';
import {
  compileVocabulary,
  tagOf,
  understand,
  type CompiledVocabulary,
  type Understanding,
  type VocabularyTag,
} from './understand';

/**
 * The in-process search index (ADR 035): every place, city and person the wonder-search answers
 * with, held in memory with text indexes over their words (text-index.ts, ADR 047). Built from the
 * database after boot (searches use SQL until it is ready) and kept current by polling the rows'
 * `updated_at`, so every replica on one PostgreSQL sees a change another replica wrote within a
 * second or so.
 */

export interface SearchRequest {
  term: string;
  include: SearchResultType[];
  limit: number;
  category?: string;
  cuisine?: string;
  price?: number[];
  open_now?: boolean;
  city_id?: number;
  sort: SearchSort;
  lat?: number;
  lon?: number;
  offset?: number;
}

interface Place {
  id: number;
  summary: LocationSummary;
  priceLevel: number | null;
  hours: { day: string; open: string | null; close: string | null }[];
  timeZone: string;
  tags: { categories: Tag[]; cuisines: Tag[] };
  tagIds: Set<number>;
  superCategories: SuperCategory[];
  cityId: number;
  neighborhood: string;
  /** Its neighbourhood, normalized as a query's is. */
  hood: string;
  lat: number;
  lon: number;
  rank: number;
  topReview: Review | null;
  /** How it is answered (distance_km null), built once when it is read. */
  answer: SearchPlace;
  /** Normalized name, for exact and prefix bonuses. */
  name: string;
  /** The words of its name and kind ("Grand Taco Shop", "Taqueria"), singular. */
  nameWords: Set<string>;
  /** Its name's words, singular, space-joined ("grand taco shop"), and how many but "the". */
  nameTerms: string;
  nameLength: number;
}

interface Person {
  author: Author;
  handle: string;
  followers: number;
}

/** Rows a read takes at most (the build's pages, a sync's pages of changes). */
const PAGE = 2000;
/** Rows changed this long before the last one seen are read again: a transaction's now() is its start. */
const OVERLAP_MS = 10_000;

/**
 * Where a sync starts reading: past the last change seen, less the overlap while that change is
 * recent (a transaction that began before it may commit after). Once the last change is older
 * than the overlap (a quiet database; a fresh seed, whose rows all carry one time) nothing from
 * before it can still commit, and the sync reads only what is newer, not thousands of rows a
 * second it has seen. On the database's clock, as `updated_at` is.
 */
const changedSince = (last: number) =>
  sql`least(${asTimestamp(last)}::timestamptz, now() - make_interval(secs => ${OVERLAP_MS / 1000}))`;

/**
 * When a row last changed, in microseconds since 1970, as PostgreSQL keeps `updated_at` (exact
 * in a double until the year 2255). A JavaScript `Date` keeps milliseconds: the last change
 * seen, as a `Date`, fell before every row of its own millisecond, so each sync read them all
 * again (a seed's rows share one time: 2,000 rows a second per table at scale 100), and a second
 * change of a row in the millisecond of its first looked already seen.
 */
const changedAt = (column: typeof locations.updatedAt | typeof users.updatedAt) =>
  sql<number>`(extract(epoch from ${column}) * 1000000)::bigint`.mapWith(Number);

/** Microseconds since 1970 as a timestamp PostgreSQL reads back exactly. */
function asTimestamp(micros: number): string {
  const iso = new Date(Math.floor(micros / 1000)).toISOString(); // …T03:04:05.123Z
  return `${iso.slice(0, -1)}${String(micros % 1000).padStart(3, '0')}Z`;
}

const tokenize = (text: string) => words(text);
const processTerm = (term: string) => singular(term);

/**
 * Typos allowed per word in names: a swap of two letters costs MiniSearch two edits, so two from
 * seven letters ("twsited"); two edits on shorter words match too much, and cost more.
 */
const fuzzy = (term: string) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : false);

const PLACE_FIELDS = ['name', 'label', 'tags', 'neighborhood', 'city'] as const;
type PlaceField = (typeof PLACE_FIELDS)[number];
type PlaceDoc = TextDoc<PlaceField, Place>;
const PEOPLE_FIELDS = ['handle', 'name'] as const;

const placeSearchOptions = (combineWith: 'AND' | 'OR'): TextQuery<PlaceField> => ({
  boost: { name: 3, label: 1.5, tags: 1.5, neighborhood: 0.7, city: 0.5 },
  // The last word may be unfinished (the search box asks as people type).
  prefix: (_term, i, all) => i === all.length - 1,
  fuzzy,
  combineWith,
});

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

export class SearchIndex {
  private places = new Map<number, Place>();
  private placeText = this.newPlaceText();
  private people = new Map<number, Person>();
  private byHandle = new Map<string, number>();
  private peopleText = new TextIndex<(typeof PEOPLE_FIELDS)[number], Person>(
    PEOPLE_FIELDS,
    tokenize,
    processTerm,
  );
  private cityList: City[] = [];
  private tagList: (VocabularyTag & { id: number })[] = [];
  private vocabulary: CompiledVocabulary = compileVocabulary({
    cities: [],
    neighborhoods: [],
    tags: [],
  });
  private maxRank = 1;
  /**
   * Every place in rank order (rank desc, id asc), and the same order per city, per tag and per
   * kind of place: a search walks the shortest list its filters allow instead of every place.
   * Rebuilt by compile() whenever places change.
   */
  private byRank: Place[] = [];
  private byCity = new Map<number, Place[]>();
  /** Places by neighbourhood name (normalized; the same name may be in several cities). */
  private byHood = new Map<string, Place[]>();
  private byTag = new Map<number, Place[]>();
  private bySuper = new Map<SuperCategory, Place[]>();
  /** Places by the words of their name (Place.nameTerms). */
  private byNameTerms = new Map<string, Place[]>();
  /** The places that answer each meal or occasion word (occasions.ts), in rank order, and as a set. */
  private byOccasion = new Map<string, { list: Place[]; set: Set<Place>; byKind: Set<Place> }>();
  /** sayingOf()'s work, per tag. */
  private saying = new Map<string, { says: Place[]; rest: Place[] }>();
  /** Places whose name is one word (but "the"), by that word. */
  private oneWordNames = new Map<string, Place[]>();
  /** Each city's names as a query is compared with them. */
  private cityNames: {
    city: City;
    name: string;
    words: string[];
    state: string;
    stateName: string;
  }[] = [];
  private placesSeen = new Map<number, number>();
  private peopleSeen = new Map<number, number>();
  /** The last change seen, in microseconds (changedAt). */
  private placesSince = 0;
  private peopleSince = 0;
  /** Rows the syncs have read to find what changed (every row they compared, changed or not). */
  syncedRows = 0;
  private timer: NodeJS.Timeout | null = null;
  private building: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  /** The pass to run after the one under way, when a sync is asked for meanwhile. */
  private again: Promise<void> | null = null;
  private stopped = false;
  /** Whether searches can use the index (built once). */
  ready = false;

  constructor(
    private readonly ctx: ReadContext,
    private readonly options: {
      syncMs: number;
      log: FailureLogger;
      /** Rows a read takes at most (PAGE; a test makes it small). */
      page?: number;
    },
  ) {
    this.page = options.page ?? PAGE;
    this.syncs = createFailureLog(
      options.log,
      'search index: sync',
      'Searches answer from the index as it was; it tries again every SEARCH_SYNC_MS.',
    );
  }

  /** A sync fails every second while the database is down: logged when that starts and ends. */
  private readonly syncs: FailureLog;

  private readonly page: number;

  private newPlaceText() {
    return new TextIndex<PlaceField, Place>(PLACE_FIELDS, tokenize, processTerm);
  }

  /** Builds the index in the background and keeps it current; searches use SQL until ready. */
  start(): Promise<void> {
    if (this.building) return this.building;
    this.building = this.build().then(
      () => {
        if (this.stopped) return;
        this.ready = true;
        // The poll skips a turn while a sync runs; only a write asks for one more after it.
        this.timer = setInterval(() => {
          if (!this.syncing) void this.sync();
        }, this.options.syncMs);
        this.timer.unref();
      },
      (error: unknown) => {
        if (this.stopped) return;
        this.options.log.error({ err: error }, 'search index: build failed; searches use SQL');
      },
    );
    return this.building;
  }

  /**
   * Stops syncing. A build or sync under way is not waited for: it only reads, and a shutdown must
   * not wait on a database that does not answer (its queries fail when the pool closes).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  private async build(): Promise<void> {
    const started = Date.now();
    const { db } = this.ctx;
    const cityRows = await db.select(cityColumns).from(cities).orderBy(cities.name);
    this.cityList = cityRows.map((c) => City.parse(toCity(c)));
    const tagRows = await db
      .select({
        id: classifications.id,
        kind: classifications.kind,
        safeName: classifications.safeName,
        name: classifications.name,
      })
      .from(classifications)
      .orderBy(classifications.id);
    this.tagList = tagRows.map((t) => ({
      kind: t.kind === 'practical' ? 'category' : t.kind,
      id: t.id,
      safeName: t.safeName,
      name: t.name,
    }));
    this.tagNames = new Map(tagRows.map((t) => [t.id, t]));
    // Pages, so the embedded database answers other queries in between.
    for (let after = 0; ;) {
      const ids = await this.loadPlaces(gt(locations.id, after), true);
      if (ids.length === 0) break;
      after = ids.at(-1)!;
    }
    for (let after = 0; ;) {
      const ids = await db
        .select({ id: users.id })
        .from(users)
        .where(gt(users.id, after))
        .orderBy(asc(users.id))
        .limit(this.page);
      if (ids.length === 0) break;
      await this.loadPeople(ids.map((r) => r.id));
      after = ids.at(-1)!.id;
    }
    this.compile();
    this.options.log.info(
      `search index: ${this.places.size} places, ${this.people.size} people, ${this.cityList.length} cities in ${Date.now() - started} ms`,
    );
  }

  private tagNames = new Map<
    number,
    { id: number; kind: string; safeName: string; name: string }
  >();

  private compile() {
    const neighborhoods = new Map<string, { name: string; cityId: number }>();
    let maxRank = 0;
    for (const p of this.places.values()) {
      neighborhoods.set(`${p.cityId}:${p.neighborhood}`, {
        name: p.neighborhood,
        cityId: p.cityId,
      });
      maxRank = Math.max(maxRank, p.rank);
    }
    this.maxRank = maxRank > 0 ? maxRank : 1;
    this.byRank = [...this.places.values()].sort(byRankOrder);
    const listIn = <K>(lists: Map<K, Place[]>, key: K, p: Place) => {
      const list = lists.get(key);
      if (list) list.push(p);
      else lists.set(key, [p]);
    };
    this.byCity = new Map();
    this.byHood = new Map();
    this.byTag = new Map();
    this.bySuper = new Map();
    this.oneWordNames = new Map();
    this.saying = new Map();
    this.byNameTerms = new Map();
    // In rank order already: each list keeps it.
    for (const p of this.byRank) {
      listIn(this.byNameTerms, p.nameTerms, p);
      if (p.nameLength === 1)
        listIn(this.oneWordNames, p.nameTerms.split(' ').find((w) => w !== 'the') ?? '', p);
      listIn(this.byCity, p.cityId, p);
      listIn(this.byHood, p.hood, p);
      for (const id of p.tagIds) listIn(this.byTag, id, p);
      for (const kind of new Set(p.superCategories)) listIn(this.bySuper, kind, p);
    }
    this.byOccasion = this.occasionLists();
    this.cityNames = this.cityList.map((city) => ({
      city,
      name: normalize(city.clm_city),
      words: normalize(city.clm_city).split(' '),
      state: normalize(city.clm_state),
      stateName: normalize(city.clm_state_name),
    }));
    const supers: VocabularyTag[] = ['dining', 'nightlife', 'hotel', 'experiences', 'shopping'].map(
      (s) => ({
        kind: 'super_category',
        id: null,
        safeName: s,
        name: s[0]!.toUpperCase() + s.slice(1),
      }),
    );
    this.vocabulary = compileVocabulary({
      cities: this.cityList.map((c) => ({ id: c.clm_id, name: c.clm_city, state: c.clm_state })),
      neighborhoods: [...neighborhoods.values()],
      tags: [...this.tagList, ...supers],
    });
  }

  /**
   * Each occasion's places in rank order, and those that answer it by what they are (`byKind`),
   * not only by a practical category any place may carry (occasions.ts): one pass over the
   * places per occasion, when they change.
   */
  private occasionLists() {
    const tagsBySafeName = new Map<string, { id: number; practical: boolean }>();
    for (const t of this.tagNames.values())
      tagsBySafeName.set(t.safeName, { id: t.id, practical: t.kind === 'practical' });
    const lists = new Map<string, { list: Place[]; set: Set<Place>; byKind: Set<Place> }>();
    for (const [key, occasion] of Object.entries(OCCASIONS)) {
      const list: Place[] = [];
      const byKind = new Set<Place>();
      for (const p of this.byRank) {
        const how = answers(occasion, p.superCategories, (safeName) => {
          const tag = tagsBySafeName.get(safeName);
          if (!tag || !p.tagIds.has(tag.id)) return null;
          return tag.practical ? 'tag' : 'kind';
        });
        if (how === null) continue;
        list.push(p);
        if (how === 'kind') byKind.add(p);
      }
      lists.set(key, { list, set: new Set(list), byKind });
    }
    return lists;
  }

  /** Reads these places (with their city, tags and top video) and puts them in the index. */
  private async loadPlaces(where: SQL, wholeRange: boolean): Promise<number[]> {
    const rows = await this.ctx.db
      .select({
        ...summaryColumns,
        priceLevel: locations.priceLevel,
        hours: locations.hours,
        timeZone: cities.timeZone,
        cityId: locations.cityId,
        lat: locations.lat,
        lon: locations.lon,
        tagIds: locations.classificationIds,
        rank: locations.rankScore,
        changed: changedAt(locations.updatedAt),
      })
      .from(locations)
      .innerJoin(cities, eq(cities.id, locations.cityId))
      .where(where)
      .orderBy(asc(locations.id))
      .limit(this.page);
    if (rows.length === 0) return [];
    // Each place's best video: one query for the page (its ids are a range or a short list).
    const ids = rows.map((r) => r.id);
    const ofPage = and(
      between(reviews.locationId, ids[0]!, ids.at(-1)!),
      // A page of the build is every id in its range; a sync's few ids are named.
      wholeRange ? undefined : inArray(reviews.locationId, ids),
    );
    const top = await this.ctx.db
      .selectDistinctOn([reviews.locationId], { id: reviews.id })
      .from(reviews)
      .where(ofPage)
      .orderBy(reviews.locationId, desc(reviews.rankScore), reviews.id);
    const videos = new Map(
      (
        await reviewsByIds(
          this.ctx,
          top.map((t) => t.id),
        )
      ).map((v) => [v.location.clm_id, v]),
    );
    const docs: PlaceDoc[] = [];
    for (const r of rows) {
      const tags = r.tagIds.flatMap((id) => {
        const t = this.tagNames.get(id);
        return t ? [t] : [];
      });
      const tagsOf = (...kinds: string[]): Tag[] =>
        tags
          .filter((t) => kinds.includes(t.kind))
          .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name))
          .map((t) => ({ clm_id: t.id, safe_name: t.safeName, name: t.name }));
      const summary = toLocationSummary(this.ctx, r);
      const placeTags = {
        categories: tagsOf('category', 'practical'),
        cuisines: tagsOf('cuisine'),
      };
      let place: Place;
      try {
        place = {
          id: r.id,
          summary,
          // Checked against the contract once, here: searches send it without checking again.
          answer: SearchPlace.parse({
            ...summary,
            clm_price_level: r.priceLevel,
            clm_hours: r.hours,
            clm_time_zone: r.timeZone,
            tags: placeTags,
            distance_km: null,
          }),
          priceLevel: r.priceLevel,
          hours: r.hours,
          timeZone: r.timeZone,
          tags: placeTags,
          tagIds: new Set(r.tagIds),
          superCategories: r.superCategories as SuperCategory[],
          cityId: r.cityId,
          neighborhood: r.neighborhood,
          hood: normalize(r.neighborhood),
          lat: r.lat,
          lon: r.lon,
          rank: r.rank,
          topReview: checked(Review, videos.get(r.id)),
          name: normalize(r.name),
          nameWords: new Set(terms(`${r.name} ${r.label}`)),
          nameTerms: terms(r.name).join(' '),
          nameLength: terms(r.name).filter((w) => w !== 'the').length,
        };
      } catch (error) {
        // A row the contract refuses (a price level, kind or hours it does not know) stays out
        // of the index, logged; the rest of the page goes in, and the index stays whole.
        this.skipped(error, 'place', r.id);
        this.placesSeen.set(r.id, r.changed);
        continue;
      }
      if (this.placeText.has(r.id)) this.placeText.discard(r.id);
      this.places.set(r.id, place);
      this.indexed.add(place.answer);
      if (place.topReview) this.indexed.add(place.topReview);
      docs.push({
        id: r.id,
        ref: place,
        prior: place.rank,
        name: r.name,
        label: r.label,
        tags: [...tags.map((t) => t.name), ...r.superCategories].join(' '),
        neighborhood: r.neighborhood,
        city: r.cityName,
      });
      this.placesSeen.set(r.id, r.changed);
      if (r.changed > this.placesSince) this.placesSince = r.changed;
    }
    this.placeText.addAll(docs);
    return ids;
  }

  private skipped(error: unknown, what: string, id: number) {
    this.options.log.error(
      { err: error },
      `search index: ${what} ${id} left out (not as the contract says)`,
    );
  }

  private async loadPeople(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.ctx.db
      .select({
        ...authorColumns,
        followers: users.followerCount,
        changed: changedAt(users.updatedAt),
      })
      .from(users)
      .where(inArray(users.id, ids));
    const docs: TextDoc<(typeof PEOPLE_FIELDS)[number], Person>[] = [];
    for (const r of rows) {
      let author: Author;
      try {
        author = Author.parse(toAuthor(this.ctx, r));
      } catch (error) {
        this.skipped(error, 'person', r.id);
        this.peopleSeen.set(r.id, r.changed);
        continue;
      }
      const old = this.people.get(r.id);
      if (old) {
        this.peopleText.discard(r.id);
        if (this.byHandle.get(old.handle) === r.id) this.byHandle.delete(old.handle);
      }
      const handle = normalize(r.username).replace(/ /g, '');
      const person = { author, handle, followers: r.followers };
      this.people.set(r.id, person);
      this.byHandle.set(handle, r.id);
      docs.push({
        id: r.id,
        ref: person,
        prior: person.followers,
        handle: `${handle} ${r.username}`,
        name: r.displayName,
      });
      this.peopleSeen.set(r.id, r.changed);
      if (r.changed > this.peopleSince) this.peopleSince = r.changed;
    }
    this.peopleText.addAll(docs);
  }

  /**
   * Picks up rows another replica (or this one) changed: places and people whose `updated_at`
   * is past the last one seen, less an overlap for transactions that committed late.
   */
  sync(): Promise<void> {
    if (!this.ready || this.stopped) return this.syncing ?? Promise.resolve();
    if (this.syncing) {
      // The running pass may have read before the write that asks now committed: one more pass
      // after it (one, however many ask meanwhile), so a write is in the index when this resolves.
      this.again ??= this.syncing.then(() => {
        this.again = null;
        return this.sync();
      });
      return this.again;
    }
    this.syncing = this.syncOnce()
      .then(
        () => this.syncs.worked(),
        (error: unknown) => {
          if (!this.stopped) this.syncs.failed(error);
        },
      )
      .finally(() => {
        this.syncing = null;
      });
    return this.syncing;
  }

  /**
   * Ids of `table`'s rows changed since `since` that this index has not read as they are now:
   * every one, in pages newest first, however many changed at one time (a page ends inside a
   * run of equal times, and the next goes on from its last row by time and id).
   */
  private async changed(
    table: typeof locations | typeof users,
    since: number,
    seen: Map<number, number>,
  ): Promise<number[]> {
    const ids: number[] = [];
    for (let before: { changed: number; id: number } | null = null; ;) {
      const rows = await this.ctx.db
        .select({ id: table.id, changed: changedAt(table.updatedAt) })
        .from(table)
        .where(
          and(
            gt(table.updatedAt, changedSince(since)),
            before
              ? sql`(${table.updatedAt}, ${table.id}) < (${asTimestamp(before.changed)}::timestamptz, ${before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(table.updatedAt), desc(table.id))
        .limit(this.page);
      this.syncedRows += rows.length;
      for (const r of rows) if (seen.get(r.id) !== r.changed) ids.push(r.id);
      if (rows.length < this.page) return ids;
      before = rows.at(-1)!;
    }
  }

  private async syncOnce(): Promise<void> {
    const placeIds = await this.changed(locations, this.placesSince, this.placesSeen);
    const peopleIds = await this.changed(users, this.peopleSince, this.peopleSeen);
    // Each page read moves the last change seen to its newest row, and the first page holds the
    // newest: when a later page fails, the next pass must start where this one did (the rows it
    // did read are seen, and skipped then).
    const since = { places: this.placesSince, people: this.peopleSince };
    let placesLoaded = false;
    try {
      // In pages, as the build reads: loadPlaces reads a page at most.
      for (let from = 0; from < placeIds.length; from += this.page) {
        await this.loadPlaces(inArray(locations.id, placeIds.slice(from, from + this.page)), false);
        placesLoaded = true;
      }
      for (let from = 0; from < peopleIds.length; from += this.page)
        await this.loadPeople(peopleIds.slice(from, from + this.page));
    } catch (error) {
      this.placesSince = since.places;
      this.peopleSince = since.people;
      throw error;
    } finally {
      // The places read are in the index, even when a later page failed.
      if (placesLoaded) this.compile();
    }
  }

  understand(term: string): Understanding {
    return understand(term, this.vocabulary, (w) => this.placeText.hasWord(w));
  }

  search(q: SearchRequest): SearchResults {
    const u = this.understand(q.term);
    const answer: SearchResults = { term: q.term, data: {} };
    const wants = new Set(q.include);
    // A category filter names a practical category (`rooftop`) or a kind of place, as the
    // landing page's chips do (`nightlife`); a filter that names nothing we have finds nothing.
    const superCategory: SuperCategory | null =
      SUPER_CATEGORIES.find((s) => s === q.category) ?? null;
    const categoryTag = q.category && !superCategory ? this.tagBy(['category'], q.category) : null;
    const cuisineTag = q.cuisine ? this.tagBy(['cuisine'], q.cuisine) : null;
    const unknownFilter =
      (q.category !== undefined && !superCategory && !categoryTag) ||
      (q.cuisine !== undefined && !cuisineTag);
    // What the words name, when no filter says otherwise.
    const wordTag = u.tag;
    const understoodCategory =
      categoryTag ??
      (wordTag && wordTag.kind !== 'cuisine' && wordTag.id !== null ? wordTag : null);
    const understoodCuisine = cuisineTag ?? (wordTag?.kind === 'cuisine' ? wordTag : null);
    const city =
      q.city_id !== undefined
        ? (this.cityList.find((c) => c.clm_id === q.city_id) ?? null)
        : u.cityId !== null
          ? (this.cityList.find((c) => c.clm_id === u.cityId) ?? null)
          : null;
    answer.understood = {
      what: u.what,
      city: u.cityId !== null ? (this.cityList.find((c) => c.clm_id === u.cityId) ?? null) : null,
      neighborhood: u.neighborhood?.name ?? null,
      near_me: u.nearMe,
      category: understoodCategory ? this.asTag(understoodCategory) : null,
      cuisine: understoodCuisine ? this.asTag(understoodCuisine) : null,
      super_category:
        superCategory ??
        (wordTag?.kind === 'super_category' ? (wordTag.safeName as SuperCategory) : null),
      occasion: wordTag?.kind === 'occasion' ? wordTag.name : null,
    } satisfies SearchUnderstood;

    // Only punctuation ("%%") and no filter: nothing names anything.
    const nothing =
      words(q.term).length === 0 && !q.category && !q.cuisine && q.city_id === undefined;
    if (nothing) {
      for (const type of q.include) answer.data[type] = [];
      if (wants.has('locations')) answer.locations_total = 0;
      return answer;
    }
    if (wants.has('locations') || wants.has('reviews')) {
      const { page, total, elsewhere, nearestFirst } = unknownFilter
        ? { page: [], total: 0, elsewhere: false, nearestFirst: false }
        : this.rankPlaces(q, u, {
            superCategory,
            categoryTag,
            cuisineTag,
            cityId: city?.clm_id ?? null,
          });
      const near = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : null;
      if (elsewhere) answer.understood.nearest_alternatives = true;
      else if (nearestFirst) answer.understood.nearest_first = true;
      if (wants.has('locations')) {
        answer.data.locations = page.map((p) => this.asSearchPlace(p, near));
        answer.locations_total = total;
      }
      if (wants.has('reviews')) {
        answer.data.reviews = page.flatMap((p) => (p.topReview ? [p.topReview] : []));
      }
    }
    if (wants.has('cities')) answer.data.cities = this.findCities(q.term, u, q.limit);
    if (wants.has('users')) answer.data.users = this.findPeople(q.term, u, q.limit);
    return answer;
  }

  /**
   * The answer as its JSON text, the same as `JSON.stringify(this.search(q))` (an /api call,
   * ADR 045): each place's answer and best video is written out once, the first time a search
   * sends it, and kept with it (a place read again gets new objects, so its text goes with the
   * old ones). Most of a search's time was writing those out again on every search.
   */
  searchJson(q: SearchRequest): string {
    const answer = this.search(q);
    const list = (items: object[]) => `[${items.map((item) => this.jsonOf(item)).join(',')}]`;
    // As JSON.stringify writes an object: its own keys in order, those set to undefined left out.
    const data = Object.entries(answer.data)
      .filter(([, items]) => items !== undefined)
      .map(([type, items]) => `${JSON.stringify(type)}:${list(items as object[])}`)
      .join(',');
    return `{${Object.entries(answer)
      .filter(([, value]) => value !== undefined)
      .map(
        ([key, value]) =>
          `${JSON.stringify(key)}:${key === 'data' ? `{${data}}` : JSON.stringify(value)}`,
      )
      .join(',')}}`;
  }

  /** Text already written for an indexed answer (a place's, its best video's), by the answer. */
  private readonly written = new WeakMap<object, string>();
  /** The answers the index holds (a place's and its best video's), whose text may be kept. */
  private readonly indexed = new WeakSet<object>();

  private jsonOf(item: object): string {
    let text = this.written.get(item);
    if (text === undefined) {
      text = JSON.stringify(item);
      // Only what the index holds is kept: a place with its distance is a new object each time.
      if (this.indexed.has(item)) this.written.set(item, text);
    }
    return text;
  }

  /**
   * A tag's places in rank order, those whose name or kind says it ("Grand Taco Shop") apart
   * from the rest. Worked out once per tag until places change (compile()).
   */
  private sayingOf(tag: VocabularyTag, tagWords: string[]): { says: Place[]; rest: Place[] } {
    const key = `${tag.kind}:${tag.id ?? tag.safeName}`;
    let split = this.saying.get(key);
    if (!split) {
      const list =
        tag.kind === 'occasion'
          ? (this.byOccasion.get(tag.safeName)?.list ?? [])
          : tag.id !== null
            ? (this.byTag.get(tag.id) ?? [])
            : (this.bySuper.get(tag.safeName as SuperCategory) ?? []);
      split = { says: [], rest: [] };
      for (const p of list) (this.says(p, tag, tagWords) ? split.says : split.rest).push(p);
      this.saying.set(key, split);
    }
    return split;
  }

  /**
   * Whether a place says it is of the tag: its name or kind names it ("Grand Taco Shop", a
   * "Sushi Bar"); for an occasion, it answers it by what it is, not by a practical category.
   */
  private says(p: Place, tag: VocabularyTag, tagWords: string[]): boolean {
    if (tag.kind === 'occasion') return this.byOccasion.get(tag.safeName)?.byKind.has(p) ?? false;
    return tagWords.every((w) => p.nameWords.has(w));
  }

  private tagBy(kinds: string[], safeName: string) {
    return this.tagList.find((t) => kinds.includes(t.kind) && t.safeName === safeName) ?? null;
  }

  private asTag(t: VocabularyTag): Tag {
    return { clm_id: t.id ?? 0, safe_name: t.safeName, name: t.name };
  }

  private asSearchPlace(p: Place, near: { lat: number; lon: number } | null): SearchPlace {
    if (!near) return p.answer;
    return {
      ...p.answer,
      distance_km: Math.round(haversineKm(near.lat, near.lon, p.lat, p.lon) * 100) / 100,
    };
  }

  /**
   * The page of places the query and filters ask for, best first, and how many there are in
   * all. Only the page is kept in order (a bounded selection), not every match.
   */
  private rankPlaces(
    q: SearchRequest,
    u: Understanding,
    filters: {
      superCategory: SuperCategory | null;
      categoryTag: VocabularyTag | null;
      cuisineTag: VocabularyTag | null;
      cityId: number | null;
    },
  ): { page: Place[]; total: number; elsewhere: boolean; nearestFirst: boolean } {
    const now = new Date();
    const clocks = new Map<string, { day: number; minutes: number } | null>();
    const clock = (timeZone: string) => {
      if (!clocks.has(timeZone)) {
        // An unknown time zone says nothing about now: such places are not open now.
        let local: { day: number; minutes: number } | null;
        try {
          local = localTime(now, timeZone);
        } catch {
          local = null;
        }
        clocks.set(timeZone, local && local.day >= 0 ? local : null);
      }
      return clocks.get(timeZone) ?? null;
    };
    const prices = q.price ? new Set(q.price) : null;
    const hoodName = u.neighborhood ? normalize(u.neighborhood.name) : null;
    const passesFilters = (p: Place, where: { cityId: number | null; hood: boolean }) => {
      if (where.cityId !== null && p.cityId !== where.cityId) return false;
      if (
        where.hood &&
        u.neighborhood &&
        !(u.neighborhood.cityIds.includes(p.cityId) && p.hood === hoodName)
      )
        return false;
      if (filters.superCategory && !p.superCategories.includes(filters.superCategory)) return false;
      if (filters.categoryTag?.id != null && !p.tagIds.has(filters.categoryTag.id)) return false;
      if (filters.cuisineTag?.id != null && !p.tagIds.has(filters.cuisineTag.id)) return false;
      if (prices && (p.priceLevel === null || !prices.has(p.priceLevel))) return false;
      if (q.open_now) {
        const local = clock(p.timeZone);
        if (!local || p.hours.length === 0 || !statusAt(p.hours, local).open) return false;
      }
      return true;
    };
    /** Whether these filters let every place through (no city, neighbourhood, kind, price or hours). */
    const unfiltered = (where: { cityId: number | null; hood: boolean }) =>
      where.cityId === null &&
      !(where.hood && u.neighborhood) &&
      !filters.superCategory &&
      filters.categoryTag?.id == null &&
      filters.cuisineTag?.id == null &&
      !prices &&
      !q.open_now;
    // 0–1: the pruning of weak text matches below counts on a bonus never being negative.
    const popularityOf = (rank: number) => Math.max(0, rank) / this.maxRank;
    const popularity = (p: Place) => popularityOf(p.rank);
    const carries = (p: Place, tag: VocabularyTag) =>
      tag.kind === 'occasion'
        ? (this.byOccasion.get(tag.safeName)?.set.has(p) ?? false)
        : tag.id === null
          ? p.superCategories.includes(tag.safeName as SuperCategory)
          : p.tagIds.has(tag.id);
    /** The shortest rank-ordered list holding every place these filters (and `tag`) can pass. */
    const candidates = (
      where: { cityId: number | null; hood: boolean },
      tag: VocabularyTag | null,
    ): Place[] => {
      const lists: Place[][] = [this.byRank];
      if (where.cityId !== null) lists.push(this.byCity.get(where.cityId) ?? []);
      if (where.hood && hoodName !== null) lists.push(this.byHood.get(hoodName) ?? []);
      const tagList = (t: VocabularyTag | null) => {
        if (!t) return;
        if (t.kind === 'occasion') lists.push(this.byOccasion.get(t.safeName)?.list ?? []);
        else if (t.id !== null) lists.push(this.byTag.get(t.id) ?? []);
        else if (t.kind === 'super_category')
          lists.push(this.bySuper.get(t.safeName as SuperCategory) ?? []);
      };
      tagList(tag);
      tagList(filters.categoryTag);
      tagList(filters.cuisineTag);
      if (filters.superCategory) lists.push(this.bySuper.get(filters.superCategory) ?? []);
      return lists.reduce((a, b) => (b.length < a.length ? b : a));
    };

    const near = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : null;
    // A kind of place asked for with a position and no place named ("pizza" from Chicago, spec
    // §7 search): the nearest first, as "near me" asks.
    const kindHere =
      u.tag !== null && u.cityId === null && u.neighborhood === null && q.city_id === undefined;
    /** Where places are ordered from, nearest first; null: by score or popularity. */
    let origin =
      near !== null && (q.sort === 'distance' || ((u.nearMe || kindHere) && q.sort === 'relevance'))
        ? near
        : null;
    const keep = (q.offset ?? 0) + q.limit;
    const newSelection = () => {
      const from = origin;
      return new TopPlaces(
        keep,
        from
          ? (a, b) => a.distance - b.distance || a.place.id - b.place.id
          : q.sort === 'popularity'
            ? (a, b) => b.place.rank - a.place.rank || a.place.id - b.place.id
            : (a, b) => b.score - a.score || b.place.rank - a.place.rank || a.place.id - b.place.id,
        from ? (p) => haversineKm(from.lat, from.lon, p.lat, p.lon) : () => 0,
      );
    };

    const tagSpelled = u.tag !== null && tagOf(words(u.what), this.vocabulary, false) !== null;
    // Where to look: the city the query or the filter named, and the neighbourhood.
    const cityId = filters.cityId;
    /** The places one try finds, the whole names aside (`seen` counts those too). */
    const attempt = (
      where: { cityId: number | null; hood: boolean },
      what: string,
      named: Set<Place>,
    ): { top: TopPlaces; seen: number } => {
      const top = newSelection();
      let seen = 0;
      // Asking a set about a place reads the place (its hash), and a common word's thousands of
      // places lie far apart in memory: most searches name none, and then none is read.
      const isNamed = (p: Place) => named.size > 0 && named.has(p);
      const offer = (p: Place, score: number) => {
        seen += 1;
        if (!isNamed(p)) top.offer(p, score);
      };
      /** A match that cannot make the page: counted, not offered. */
      const count = (p: Place) => {
        seen += 1;
        if (!isNamed(p)) top.total += 1;
      };
      const ok = (p: Place) => passesFilters(p, where);
      if (what === '') {
        // A place's score is its popularity, and the lists are in rank order (so is a page by
        // popularity): once the page is full the rest are only counted (a city's thousands).
        const inOrder = origin === null;
        for (const p of candidates(where, null)) {
          if (!ok(p)) continue;
          if (inOrder && top.full()) count(p);
          else offer(p, popularity(p));
        }
        return { top, seen };
      }
      const tag = u.tag && what === u.what ? u.tag : null;
      if (tag) {
        // A category or cuisine: the places carrying it; those whose name or kind says it first
        // ("Grand Taco Shop", a "Sushi Bar"), then the rest; the most popular first in each.
        const tagWords = terms(tag.name);
        if (unfiltered(where) && origin === null) {
          // Every place carrying it counts, and only the best of each group can make the page
          // (by relevance or popularity both follow rank within a group; distance does not):
          // the first `keep` of each list in rank order (at SEED_SCALE=100 a cuisine holds
          // thousands of places, and touching each one costs more than the search).
          const { says, rest } = this.sayingOf(tag, tagWords);
          for (const [list, bonus] of [
            [says, 1],
            [rest, 0],
          ] as const) {
            let taken = 0;
            for (const p of list) {
              if (taken >= keep) break;
              if (isNamed(p)) continue;
              top.offer(p, bonus + popularity(p));
              taken += 1;
            }
          }
          seen = says.length + rest.length;
          top.total = seen - [...named].filter((p) => carries(p, tag)).length;
          if (seen > 0) return { top, seen };
        } else {
          for (const p of candidates(where, tag))
            if (carries(p, tag) && ok(p)) {
              const says = this.says(p, tag, tagWords) ? 1 : 0;
              offer(p, says + popularity(p));
            }
          if (seen > 0) return { top, seen };
        }
        // A kind spelled right that none here carries: none here is of it, and the words one or
        // two edits from it are other kinds ("mexican" is no "american").
        if (tagSpelled) return { top, seen };
      }
      const { matches, best } = unfiltered(where)
        ? this.textScores(what, null)
        : this.textScores(what, ok, candidates(where, null));
      const whatWords = terms(what).join(' ');
      // By relevance, a match can gain at most 1 for a name spelled exactly (those are looked
      // up), else 0.3 for a name that starts so, and 0.15 for popularity: a text score weaker
      // than the page's `keep`-th best less 0.45, or than the page's worst once it is full less
      // 0.3 and its own popularity's part, is only counted, its place not offered (a common word
      // matches thousands, most of them about as well).
      const exact = new Set(this.byNameTerms.get(whatWords) ?? []);
      const bounded = origin === null && q.sort === 'relevance';
      const cut = bounded ? kthBest(matches, keep) / best - 0.45 : -Infinity;
      // And the page's worst is at least the `keep`-th best text score and popularity's part of
      // the places that may be offered (a name's bonus only adds): a match short of it even with
      // 0.3 is only counted too, before the page has filled (the matches come in no order).
      const floor = bounded
        ? kthLargest(
            matches.length,
            (i) => {
              const m = matches[i]!;
              return isNamed(m.ref) ? -Infinity : m.score / best + 0.15 * popularityOf(m.prior);
            },
            keep,
          )
        : -Infinity;
      for (const m of matches) {
        const p = m.ref;
        const score = m.score / best;
        // The place's rank as the text index keeps it (the same number): see TextDoc.
        const pop = popularityOf(m.prior);
        if (
          bounded &&
          (score < cut || score + 0.3 + 0.15 * pop < Math.max(floor, top.worstScore())) &&
          !(exact.size > 0 && exact.has(p))
        ) {
          count(p);
          continue;
        }
        const name = p.nameTerms;
        const bonus = name === whatWords ? 1 : name.startsWith(whatWords) ? 0.3 : 0;
        offer(p, score + bonus + 0.15 * pop);
      }
      return { top, seen };
    };
    // A query that spells a whole name ("Silver Lanes", "Chicago Central Hotel") finds that
    // place first, whatever its words also name (a neighbourhood "Silver Lake", a city).
    // A city understood holds every answer, a named place's too (spec §7 search).
    const namesWhere = { cityId, hood: false };
    const named = this.wholeNames(
      q.term,
      unfiltered(namesWhere) ? null : (p) => passesFilters(p, namesWhere),
    );
    const namedPlaces = new Set(named.keys());
    const hood = u.neighborhood !== null;
    const tries: { where: { cityId: number | null; hood: boolean }; what: string }[] = [
      { where: { cityId, hood }, what: u.what },
    ];
    // Nothing there: the neighbourhood's words may have been part of a name ("Silver Lanes"),
    // looked for in the city named, or everywhere when none is.
    if (hood)
      tries.push({
        where: { cityId, hood: false },
        what: cityId === null ? normalize(q.term) : u.what,
      });
    let top = newSelection();
    let seen = 0;
    for (const t of tries) {
      // The whole names are counted once, whichever list finds them too.
      const found = attempt(t.where, t.what, namedPlaces);
      top = found.top;
      seen = found.seen;
      if (seen > 0) break;
    }
    const city = u.cityId !== null && q.city_id === undefined ? this.cityById(u.cityId) : null;
    if (seen === 0 && named.size === 0 && city && u.what !== '') {
      // Nothing of the kind in the city the words named: the nearest elsewhere, labelled so.
      origin = { lat: city.clm_lat, lon: city.clm_lon };
      const found = attempt({ cityId: null, hood: false }, u.what, namedPlaces);
      if (found.seen > 0)
        return {
          page: found.top.page().slice(q.offset ?? 0),
          total: found.top.total,
          elsewhere: true,
          nearestFirst: false,
        };
    }
    for (const [place, score] of named) top.offer(place, 10 + score);
    return {
      page: top.page().slice(q.offset ?? 0),
      total: top.total,
      elsewhere: false,
      nearestFirst: origin !== null,
    };
  }

  private cityById(id: number): City | null {
    return this.cityList.find((c) => c.clm_id === id) ?? null;
  }

  /**
   * Places whose whole name the query spells (typos allowed), with their text score 0–1.
   * `filter` null: every place may match (and none is asked).
   */
  private wholeNames(term: string, filter: ((p: Place) => boolean) | null): Map<Place, number> {
    const typed = terms(term).filter((w) => w !== 'the');
    const found = new Map<Place, number>();
    if (typed.length === 0) return found;
    if (typed.length === 1) {
      // One word: a place called just that ("Bavette"); a typo in it is the text search's to
      // forgive, as for any other name.
      for (const place of this.oneWordNames.get(typed[0]!) ?? [])
        if (!filter || filter(place)) found.set(place, 1);
      return found;
    }
    const results = this.searchText(
      typed.join(' '),
      {
        fields: ['name'],
        prefix: (t, i, all) => i === all.length - 1 && t.length >= 3,
        combineWith: 'AND',
      },
      filter ?? undefined,
    );
    const best = bestScore(results);
    for (const r of results) {
      const place = r.ref;
      if (place.nameLength === typed.length) found.set(place, r.score / best);
    }
    return found;
  }

  /**
   * Places' words as typed first; typos only when that finds nothing ("did you mean"): a word
   * spelled right is not also every word one or two edits from it, and exact lookups cost a
   * fraction of fuzzy ones.
   */
  private searchText(
    query: string,
    options: TextQuery<PlaceField>,
    only?: (p: Place) => boolean,
    among?: readonly Place[],
  ) {
    const exact = this.placeText.search(query, { ...options, fuzzy: false }, only, among);
    return exact.length > 0
      ? exact
      : this.placeText.search(query, { ...options, fuzzy }, only, among);
  }

  /**
   * Places matching `what`, in no order, and the best score (a match's score over it is 0–1):
   * every word, else any word. `filter` null: every place may match. `among`: places that hold
   * every one the filter lets (the shortest list of its city, neighbourhood, category or kind).
   */
  private textScores(
    what: string,
    filter: ((p: Place) => boolean) | null,
    among?: readonly Place[],
  ): { matches: TextMatch<Place>[]; best: number } {
    // "the" names nothing beside other words (thousands of names hold it): left out then.
    const meaningful = what
      .split(' ')
      .filter((w) => w !== 'the')
      .join(' ');
    if (meaningful !== '' && meaningful !== what) what = meaningful;
    let results = this.searchText(what, placeSearchOptions('AND'), filter ?? undefined, among);
    if (results.length === 0) {
      // Some words match nothing: places that match at least half of them, so a stray word
      // ("best tacos") still finds, and a query of nonsense with one lucky word does not.
      const needed = Math.ceil(terms(what).length / 2);
      results = this.placeText
        .search(what, placeSearchOptions('OR'), filter ?? undefined, among)
        .filter((r) => r.matched >= needed);
    }
    return { matches: results, best: bestScore(results) };
  }

  private findCities(term: string, u: Understanding, limit: number): City[] {
    const typed = normalize(term);
    if (typed === '') return [];
    const first = u.cityId !== null ? this.cityList.filter((c) => c.clm_id === u.cityId) : [];
    const others = this.cityNames
      .filter(
        (c) =>
          c.city.clm_id !== u.cityId &&
          (c.name.startsWith(typed) ||
            c.state === typed ||
            c.stateName.startsWith(typed) ||
            (typed.length >= 4 && c.words.some((w) => w.startsWith(typed)))),
      )
      .map((c) => c.city);
    return [...first, ...others].slice(0, limit);
  }

  private findPeople(term: string, u: Understanding, limit: number): Author[] {
    const handle = normalize(term).replace(/ /g, '');
    if (handle === '') return [];
    const exact = this.byHandle.get(handle);
    // Names as typed first; typos only when nothing is spelled so ("vegan" is no "…_vegas").
    const options: TextQuery<(typeof PEOPLE_FIELDS)[number]> = {
      boost: { handle: 2 },
      prefix: (t, i, all) => i === all.length - 1 && t.length >= 2,
      combineWith: 'AND',
    };
    const typed = term.replace(/^@/, '');
    let results = this.peopleText.search(typed, options);
    // Words the vocabulary knows as they are spelled ("pizza", "chicago") are no misspelled name,
    // nor are words that all spell words of places (of their names, kinds, tags, neighbourhoods
    // or cities: "sage hall"): a name of a place, not a creator's name with typos.
    const spelled =
      u.what === '' ||
      (u.tag !== null && tagOf(words(u.what), this.vocabulary, false) !== null) ||
      words(typed).every((w) => this.placeText.hasWord(w));
    if (results.length === 0 && exact === undefined && !spelled)
      results = this.peopleText.search(typed, {
        ...options,
        // as many as a place's word may carry: two from 7 letters, so a swap (two edits here)
        // is forgiven in a long handle ("sidequsetkai"); one in a shorter one, none below 5
        fuzzy: (t: string) => (t.length >= 5 ? fuzzy(t) : false),
      });
    // The best `limit`, kept in order as they are scored: a prefix of a handle ("pizza") starts
    // hundreds at SEED_SCALE=100, and sorting them all cost more than the search.
    type Scored = { id: number; score: number };
    const worse = (a: Scored, b: Scored) =>
      a.score < b.score || (a.score === b.score && a.id > b.id);
    const top: Scored[] = [];
    const keep = (entry: Scored) => {
      if (top.length === limit && !worse(top[top.length - 1]!, entry)) return;
      let at = top.length;
      while (at > 0 && worse(top[at - 1]!, entry)) at -= 1;
      top.splice(at, 0, entry);
      if (top.length > limit) top.pop();
    };
    // A handle typed whole comes first (a text score is at most about 2.3).
    if (exact !== undefined) keep({ id: exact, score: 100 });
    const best = bestScore(results);
    for (const r of results) {
      const { id, ref: p } = r;
      if (id === exact) continue;
      // r.prior: the person's followers, as the text index keeps them (see TextDoc).
      const text = r.score / best;
      const followers = Math.log10(1 + r.prior) / 20;
      // Short of the page even with a handle begun: the person is not read (the hundreds a
      // prefix finds lie far apart in memory).
      if (top.length === limit && text + 1 + followers < top[top.length - 1]!.score) continue;
      keep({ id, score: text + (p.handle.startsWith(handle) ? 1 : 0) + followers });
    }
    return top.map(({ id }) => this.people.get(id)!.author);
  }
}

/** A part of an answer, checked against the contract (unknown keys dropped) once, when read. */
const checked = <T>(schema: z.ZodType<T>, value: T | undefined): T | null =>
  value === undefined ? null : schema.parse(value);

/** The index's rank order: the most popular first, then the oldest id. */
const byRankOrder = (a: Place, b: Place) => b.rank - a.rank || a.id - b.id;

interface Offered {
  place: Place;
  score: number;
  distance: number;
}

/** Pages kept in order as places are offered up to this deep; deeper ones are sorted once. */
const INSERT_UP_TO = 200;

/**
 * The best `size` places offered, in `order`, and how many were offered: a search keeps its page
 * in order, not every match (a category at SEED_SCALE=100 holds tens of thousands of places).
 */
export class TopPlaces {
  private kept: Offered[] = [];
  total = 0;

  constructor(
    private readonly size: number,
    private readonly order: (a: Offered, b: Offered) => number,
    private readonly distanceTo: (p: Place) => number,
  ) {}

  /** A place offered is compared in this before it is kept (most are not: no object for them). */
  private readonly probe: Offered = { place: undefined as unknown as Place, score: 0, distance: 0 };

  offer(place: Place, score: number): void {
    this.total += 1;
    if (this.size <= 0) return;
    const distance = this.distanceTo(place);
    const { kept, order, probe } = this;
    // A deep page (an offset of thousands): every match is kept and sorted once, at page(),
    // not inserted one by one into a long array.
    if (this.size > INSERT_UP_TO) {
      kept.push({ place, score, distance });
      return;
    }
    if (kept.length === this.size) {
      probe.place = place;
      probe.score = score;
      probe.distance = distance;
      if (order(probe, kept[kept.length - 1]!) >= 0) return;
    }
    const entry = { place, score, distance };
    // Binary search for its place among the kept (few: a page's worth).
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (order(kept[mid]!, entry) <= 0) low = mid + 1;
      else high = mid;
    }
    kept.splice(low, 0, entry);
    if (kept.length > this.size) kept.pop();
  }

  page(): Place[] {
    if (this.size > INSERT_UP_TO) this.kept = this.kept.sort(this.order).slice(0, this.size);
    return this.kept.map((k) => k.place);
  }

  /** Whether the page holds its `size` places (a deep page is never full: it is sorted last). */
  full(): boolean {
    return this.size <= INSERT_UP_TO && this.kept.length >= this.size;
  }

  /** The score a place must reach to be kept, once the page is full (-Infinity before). */
  worstScore(): number {
    if (this.size > INSERT_UP_TO || this.kept.length < this.size) return -Infinity;
    return this.kept[this.kept.length - 1]!.score;
  }
}
