import {
  Building2,
  Clapperboard,
  LocateFixed,
  MapPin,
  Navigation,
  SearchX,
  SlidersHorizontal,
  Tag,
  UtensilsCrossed,
  X,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import type { City } from '../../../contract/cities';
import type { Classification } from '../../../contract/classifications';
import type { SearchPlace, SearchResults } from '../../../contract/search';
import type { TopicLink } from '../../../contract/topics';
import { SUPER_CATEGORIES, SUPER_CATEGORY_NAMES } from '../../../contract/super-categories';
import { browserReads } from '../../api/reads';
import { Avatar } from '../../components/ui/avatar';
import { Button, ButtonLink } from '../../components/ui/button';
import { LinkChips } from '../../components/ui/link-chips';
import { PosterCard } from '../../components/ui/poster-card';
import { VideoGrid } from '../../components/ui/video-grid';
import { paths } from '../../paths';
import {
  EMPTY_RESULTS_QUERY,
  filterCount,
  parseResultsQuery,
  resultsSearch,
  type ResultSort,
  type ResultsQuery,
} from '../../search-params';
import { OpenNowLine } from '../../shared/open-now-line';
import { useHydrated } from '../../shared/use-hydrated';
import { usePagedList } from '../../shared/use-paged-list';
import {
  positionAllowed,
  requestVisitorPosition,
  visitorPosition,
  type Position,
} from '../../shared/visitor-position';
import {
  PRICE_NAMES,
  SIDE_RESULTS,
  alternativesLabel,
  formatDistance,
  nameOfSafeName,
  placeCount,
  placeKind,
  priceLabel,
  resultsApiQuery,
  understoodHeadline,
  videoCount,
} from './results';
import styles from './results-page.module.css';

/** What the results screen loads (features/search/load-results.ts, for routes/home.tsx and city.tsx). */
export interface ResultsData {
  query: ResultsQuery;
  /** The city of a city route (results in it), else null. */
  city: City | null;
  /** The answer; null when the search was refused; 'nothing-asked' with nothing to search for. */
  results: SearchResults | null | 'nothing-asked';
  /** The position the places were read with (the browser's, rounded), else null. */
  position: Position | null;
  cuisines: Classification[];
  categories: Classification[];
  /** The topic page the search names exactly (spec §2.6), else null. */
  topic?: TopicLink | null;
}

const SORT_NAMES: Record<ResultSort, string> = {
  relevance: 'Best match',
  popularity: 'Most popular',
  distance: 'Distance',
};

type Locating = 'idle' | 'asking' | 'denied' | 'unavailable';

const placeId = (place: SearchPlace) => place.clm_id;

/**
 * The results page (issue 18, ADR 036): what was understood and how many places, filters and
 * sort (a GET form without JavaScript, client navigations with it), the places with "Show
 * more", and the cities, locals and videos the words also name.
 */
export function ResultsPage({ data, search }: { data: ResultsData; search: ReactNode }) {
  const { city, position } = data;
  const answer = data.results === 'nothing-asked' ? null : data.results;
  // One object per city, so `go` below keeps its identity between renders.
  const scope = useMemo(
    () => (city ? { stateSlug: city.state_slug, citySlug: city.city_slug } : undefined),
    [city],
  );
  const scopeCity = city ? { name: city.clm_city, state: city.clm_state } : null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // `revalidate` keeps its identity (React Router's router is one for the page).
  const { revalidate, state: revalidation } = useRevalidator();
  const hydrated = useHydrated();

  // The form shows where the visitor is going at once, while the next results load: the change
  // just made (until these results are replaced), else the address being loaded.
  const shownSearch = resultsSearch(data.query);
  const [picked, setPicked] = useState<{ from: string; query: ResultsQuery } | null>(null);
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === pathname
      ? parseResultsQuery(new URLSearchParams(navigation.location.search))
      : null;
  // once other results show, the change is history (Back to these results must not bring it back)
  if (picked && picked.from !== shownSearch) setPicked(null);
  const query = (picked?.from === shownSearch ? picked.query : null) ?? pending ?? data.query;

  const go = useCallback(
    (next: ResultsQuery) => {
      setPicked({ from: shownSearch, query: next });
      void navigate(paths.results(next, scope), { preventScrollReset: true });
    },
    [navigate, scope, shownSearch],
  );

  // Distance and "near me" need the visitor's position, asked only for them (ADR 036).
  const nearMe = answer?.understood?.near_me === true;
  const wantsPosition = data.query.sort === 'distance' || nearMe;
  const [locating, setLocating] = useState<Locating>('idle');
  const locate = useCallback(async (then: () => void) => {
    setLocating('asking');
    const outcome = await requestVisitorPosition();
    if (!outcome.ok) {
      setLocating(outcome.reason);
      return;
    }
    setLocating('idle');
    then();
  }, []);
  useEffect(() => {
    if (!wantsPosition || position) return;
    // This tab was given a position already: read again with it.
    if (visitorPosition()) {
      void revalidate();
      return;
    }
    let live = true;
    // The words said "near me": that is the visitor asking. A shared "sort by distance" link
    // asks only when the browser allows it already (no prompt); otherwise the button below.
    void (nearMe ? Promise.resolve(true) : positionAllowed()).then((ask) => {
      if (live && ask) void locate(() => void revalidate());
    });
    return () => {
      live = false;
    };
    // once per answer that wants a position (`locate` and `revalidate` keep their identity)
  }, [wantsPosition, position, nearMe, locate, revalidate]);

  const changeSort = (sort: ResultSort) => {
    const next = { ...query, sort };
    if (sort === 'distance' && !visitorPosition()) void locate(() => go(next));
    else go(next);
  };

  const firstPlaces = answer?.data.locations ?? [];
  const total = answer?.locations_total ?? firstPlaces.length;
  const cityId = city?.clm_id;
  const fetchPage = useCallback(
    async (offset: number) => {
      const more = await browserReads().search(
        {},
        resultsApiQuery(data.query, { cityId, position, offset }),
      );
      if (!more) return null;
      const items = more.data.locations ?? [];
      const end = offset + items.length;
      return { items, next: items.length > 0 && end < (more.locations_total ?? 0) ? end : null };
    },
    [data.query, cityId, position],
  );
  const places = usePagedList({
    key: `${pathname}${resultsSearch(data.query)}@${position ? `${position.lat},${position.lon}` : ''}`,
    first: {
      items: firstPlaces,
      next: firstPlaces.length > 0 && firstPlaces.length < total ? firstPlaces.length : null,
    },
    fetchPage,
    idOf: placeId,
  });

  if (data.results === 'nothing-asked') {
    return (
      <div className={`page-width ${styles.page}`}>
        <header className={styles.head}>
          <div className={styles.search}>{search}</div>
          <h1 className={styles.title}>What are you looking for?</h1>
          <p className={styles.lead}>Type a cuisine, a kind of place, a neighbourhood or a city.</p>
        </header>
        <Suggestions data={data} scope={scope} />
      </div>
    );
  }

  const headline = understoodHeadline({
    query: data.query,
    understood: answer?.understood,
    scopeCity,
  });
  const understood = answer?.understood;
  const citiesFound = (answer?.data.cities ?? []).slice(0, SIDE_RESULTS.cities);
  const locals = (answer?.data.users ?? []).slice(0, SIDE_RESULTS.users);
  const videos = (answer?.data.reviews ?? []).slice(0, SIDE_RESULTS.reviews);
  const filters = filterCount(data.query);
  const sortedByDistance =
    !!position &&
    (data.query.sort === 'distance' || nearMe || answer?.understood?.nearest_first === true);
  const elsewhere = alternativesLabel(understood);
  const loadingResults = pending !== null || revalidation === 'loading';

  return (
    <div className={`page-width ${styles.page}`}>
      <header className={styles.head}>
        <div className={styles.search}>{search}</div>
        <p className={styles.eyebrow}>
          {city ? `Search in ${city.clm_city}, ${city.clm_state}` : 'Search'}
        </p>
        <h1 className={styles.title} data-testid="results-headline">
          {headline}
        </h1>
        <div className={styles.summary}>
          <p className={styles.count} role="status" data-testid="results-count">
            {answer ? placeCount(total) : ''}
            {sortedByDistance ? ' · nearest first' : ''}
          </p>
          {understood ? (
            <ul className={styles.understood} aria-label="What we searched for">
              {understood.cuisine ? (
                <li>
                  <UtensilsCrossed aria-hidden="true" /> {understood.cuisine.name}
                </li>
              ) : null}
              {understood.category ? (
                <li>
                  <Tag aria-hidden="true" /> {understood.category.name}
                </li>
              ) : null}
              {understood.super_category ? (
                <li>
                  <Tag aria-hidden="true" /> {SUPER_CATEGORY_NAMES[understood.super_category]}
                </li>
              ) : null}
              {understood.city ? (
                <li>
                  <MapPin aria-hidden="true" />{' '}
                  {understood.neighborhood ? `${understood.neighborhood}, ` : ''}
                  {understood.city.clm_city}, {understood.city.clm_state}
                </li>
              ) : null}
              {understood.near_me ? (
                <li>
                  <Navigation aria-hidden="true" /> Near you
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </header>

      <FilterForm
        query={query}
        data={data}
        scope={scope}
        hydrated={hydrated}
        onChange={go}
        onSort={changeSort}
        filters={filters}
      />

      {wantsPosition && !position ? (
        <LocationNotice
          locating={locating}
          nearMe={nearMe}
          onLocate={() => void locate(() => void revalidate())}
        />
      ) : null}

      {answer === null ? (
        <section className={styles.empty} aria-labelledby="results-empty">
          <SearchX aria-hidden="true" className={styles.emptyIcon} />
          <h2 id="results-empty" className={styles.emptyTitle}>
            We couldn’t search for that
          </h2>
          <p>Try other words, or start again from the home page.</p>
          <ButtonLink href={paths.home()} variant="secondary">
            Back to Spotreel
          </ButtonLink>
        </section>
      ) : null}

      {citiesFound.length > 0 ? (
        <section className={styles.cities} aria-labelledby="results-cities">
          <h2 id="results-cities" className={styles.sectionTitle}>
            Cities
          </h2>
          <ul className={styles.cityList}>
            {citiesFound.map((found) => (
              <li key={found.clm_id}>
                <Link to={paths.city(found.state_slug, found.city_slug)} className={styles.city}>
                  <Building2 aria-hidden="true" />
                  <span>
                    <strong>{found.clm_city}</strong>
                    <small>{found.clm_state_name || found.clm_state}</small>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {answer ? (
        <section
          aria-labelledby="results-places"
          className={styles.places}
          aria-busy={loadingResults}
          data-loading={loadingResults ? 'true' : undefined}
        >
          <h2
            id="results-places"
            className={citiesFound.length > 0 ? styles.sectionTitle : 'visually-hidden'}
          >
            Places
          </h2>
          {elsewhere && places.items.length > 0 ? (
            <p className={styles.elsewhere} data-testid="results-elsewhere">
              {elsewhere}
            </p>
          ) : null}
          {places.items.length > 0 ? (
            <ul className={styles.grid} data-testid="results-places">
              {places.items.map((place, index) => (
                <li key={place.clm_id}>
                  <PlaceResult place={place} eager={index < 4} showCity={!city} />
                </li>
              ))}
            </ul>
          ) : (
            <NoMatch data={data} scope={scope} filters={filters} />
          )}
          {places.items.length > 0 ? (
            <div className={styles.more}>
              <p className={styles.shown}>
                Showing {places.items.length.toLocaleString('en-US')} of {placeCount(total)}
              </p>
              {places.hasMore ? (
                <Button variant="secondary" onClick={places.loadMore} disabled={places.loading}>
                  {places.loading ? 'Loading…' : `Show more places`}
                </Button>
              ) : null}
              {places.failed ? (
                <p className={styles.failed} role="alert">
                  More places didn’t load. Try again.
                </p>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}

      {locals.length > 0 ? (
        <SideSection id="results-locals" title="Locals">
          <ul className={styles.locals}>
            {locals.map((local) => (
              <li key={local.clm_id}>
                <Link to={paths.user(local.vanity_url)} className={styles.local}>
                  <Avatar src={local.avatar_url} name={local.display_name} size={48} decorative />
                  <span>
                    <strong>{local.display_name || `@${local.clm_username}`}</strong>
                    <small>@{local.clm_username}</small>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </SideSection>
      ) : null}

      {videos.length > 0 ? (
        <SideSection id="results-videos" title="Videos">
          <VideoGrid reviews={videos} label="Videos that match" />
        </SideSection>
      ) : null}
    </div>
  );
}

/**
 * One place, with what people choose by (issue 38): poster, name, kind and neighbourhood, price,
 * distance when the visitor's position is known, how many videos, open now (after hydration).
 */
function PlaceResult({
  place,
  eager,
  showCity,
}: {
  place: SearchPlace;
  eager: boolean;
  showCity: boolean;
}) {
  const where = [place.clm_neighborhood, showCity ? `${place.clm_city}, ${place.clm_state}` : '']
    .filter(Boolean)
    .join(', ');
  const price = priceLabel(place.clm_price_level);
  return (
    <PosterCard
      href={paths.locationInCity(place.city_slug, place.clm_slug)}
      posterUrl={place.poster_url}
      placeId={place.clm_id}
      title={place.clm_name}
      detail={[placeKind(place), where].filter(Boolean).join(' · ')}
      eager={eager}
    >
      <span className={styles.facts}>
        {price ? (
          <span className={styles.price}>
            <span aria-hidden="true">{price}</span>
            <span className="visually-hidden">
              Price: {PRICE_NAMES[(place.clm_price_level ?? 1) - 1]}
            </span>
          </span>
        ) : null}
        {place.distance_km !== null ? (
          <span className={styles.distance} data-testid="place-distance">
            <Navigation aria-hidden="true" />
            {formatDistance(place.distance_km)}
            <span className="visually-hidden"> away</span>
          </span>
        ) : null}
        <span className={styles.videos} data-testid="result-videos">
          <Clapperboard aria-hidden="true" />
          {videoCount(place.review_count)}
        </span>
      </span>
      <OpenNowLine
        hours={place.clm_hours}
        timeZone={place.clm_time_zone}
        as="span"
        className={styles.open}
        testId="result-open-now"
      />
    </PosterCard>
  );
}

/** A section beside the places (locals, videos), named by its heading. */
function SideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.side}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Sort and filters. Without JavaScript a plain GET form to this very address (Apply sends it);
 * with it every change is a client navigation to the new address, and Apply is not needed.
 */
function FilterForm({
  query,
  data,
  scope,
  hydrated,
  filters,
  onChange,
  onSort,
}: {
  query: ResultsQuery;
  data: ResultsData;
  scope: { stateSlug: string; citySlug: string } | undefined;
  hydrated: boolean;
  filters: number;
  onChange: (next: ResultsQuery) => void;
  onSort: (sort: ResultSort) => void;
}) {
  const action = scope ? paths.city(scope.stateSlug, scope.citySlug) : paths.home();
  const categoryNames = new Set<string>([
    ...SUPER_CATEGORIES,
    ...data.categories.map((c) => c.safe_name),
  ]);
  const cuisineNames = new Set(data.cuisines.map((c) => c.safe_name));
  const togglePrice = (level: number) =>
    onChange({
      ...query,
      price: query.price.includes(level)
        ? query.price.filter((p) => p !== level)
        : [...query.price, level].sort((a, b) => a - b),
    });
  return (
    <form
      method="get"
      action={action}
      className={styles.filters}
      aria-label="Filter and sort places"
      onSubmit={(event) => {
        event.preventDefault();
        const fields = [...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v)]);
        onChange(parseResultsQuery(new URLSearchParams(fields)));
      }}
    >
      <input type="hidden" name="q" value={query.q} />
      <SlidersHorizontal aria-hidden="true" className={styles.filtersIcon} />
      <label className={styles.select}>
        <span className="visually-hidden">Sort by</span>
        <select
          name="sort"
          value={query.sort}
          onChange={(event) => onSort(event.target.value as ResultSort)}
        >
          {(Object.keys(SORT_NAMES) as ResultSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {sort === 'relevance' ? 'Sort: ' : ''}
              {SORT_NAMES[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className={`${styles.select} ${query.category ? styles.active : ''}`}>
        <span className="visually-hidden">Category</span>
        <select
          name="category"
          value={query.category ?? ''}
          onChange={(event) => onChange({ ...query, category: event.target.value || null })}
        >
          <option value="">Any kind of place</option>
          <optgroup label="Kinds">
            {SUPER_CATEGORIES.map((key) => (
              <option key={key} value={key}>
                {SUPER_CATEGORY_NAMES[key]}
              </option>
            ))}
          </optgroup>
          {data.categories.length > 0 ? (
            <optgroup label="Good for">
              {data.categories.map((c) => (
                <option key={c.clm_id} value={c.safe_name}>
                  {c.clm_name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {query.category && !categoryNames.has(query.category) ? (
            <option value={query.category}>{nameOfSafeName(query.category)}</option>
          ) : null}
        </select>
      </label>
      <label className={`${styles.select} ${query.cuisine ? styles.active : ''}`}>
        <span className="visually-hidden">Cuisine</span>
        <select
          name="cuisine"
          value={query.cuisine ?? ''}
          onChange={(event) => onChange({ ...query, cuisine: event.target.value || null })}
        >
          <option value="">Any cuisine</option>
          {data.cuisines.map((c) => (
            <option key={c.clm_id} value={c.safe_name}>
              {c.clm_name}
            </option>
          ))}
          {query.cuisine && !cuisineNames.has(query.cuisine) ? (
            <option value={query.cuisine}>{nameOfSafeName(query.cuisine)}</option>
          ) : null}
        </select>
      </label>
      <fieldset className={styles.prices}>
        <legend className="visually-hidden">Price</legend>
        {[1, 2, 3, 4].map((level) => (
          <label key={level} className={styles.toggle}>
            <input
              type="checkbox"
              name="price"
              value={level}
              checked={query.price.includes(level)}
              onChange={() => togglePrice(level)}
            />
            <span className={styles.pill} aria-hidden="true">
              {priceLabel(level)}
            </span>
            <span className="visually-hidden">{PRICE_NAMES[level - 1]}</span>
          </label>
        ))}
      </fieldset>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          name="open_now"
          value="1"
          checked={query.openNow}
          onChange={(event) => onChange({ ...query, openNow: event.target.checked })}
        />
        <span className={styles.pill}>Open now</span>
      </label>
      {filters > 0 ? (
        <Link
          to={paths.results({ ...EMPTY_RESULTS_QUERY, q: query.q, sort: query.sort }, scope)}
          preventScrollReset
          className={styles.clear}
        >
          <X aria-hidden="true" /> Clear filters
        </Link>
      ) : null}
      {/* Changes apply at once with JavaScript; without it this sends the form. */}
      {hydrated ? null : (
        <Button type="submit" size="sm" variant="secondary">
          Apply
        </Button>
      )}
    </form>
  );
}

function LocationNotice({
  locating,
  nearMe,
  onLocate,
}: {
  locating: Locating;
  nearMe: boolean;
  onLocate: () => void;
}) {
  const message =
    locating === 'denied'
      ? 'Location is off for Spotreel in this browser, so places are sorted by best match.'
      : locating === 'unavailable'
        ? 'We couldn’t tell where you are just now, so places are sorted by best match.'
        : nearMe
          ? 'To show what’s near you, Spotreel needs your location.'
          : 'To sort by distance, Spotreel needs your location.';
  return (
    <div className={styles.notice} role="status" data-testid="location-notice">
      <LocateFixed aria-hidden="true" />
      <p>
        {message} <small>It stays in this tab, rounded to about a kilometre.</small>
      </p>
      {locating === 'denied' ? null : (
        <Button size="sm" variant="secondary" onClick={onLocate} disabled={locating === 'asking'}>
          {locating === 'asking' ? 'Finding you…' : 'Use my location'}
        </Button>
      )}
    </div>
  );
}

/** No places: say so, and offer ways on — fewer filters, all cities, popular kinds. */
function NoMatch({
  data,
  scope,
  filters,
}: {
  data: ResultsData;
  scope: { stateSlug: string; citySlug: string } | undefined;
  filters: number;
}) {
  const { query, city } = data;
  return (
    <div className={styles.empty} data-testid="results-empty">
      <SearchX aria-hidden="true" className={styles.emptyIcon} />
      <p className={styles.emptyTitle}>
        {query.q ? `No spots match “${query.q}”` : 'No spots match'}
        {filters > 0 ? ' with these filters' : ''}
        {city ? ` in ${city.clm_city}` : ''}.
      </p>
      <p>Try fewer words, another spelling, a cuisine or a neighbourhood.</p>
      <div className={styles.emptyActions}>
        {filters > 0 ? (
          <ButtonLink
            href={paths.results({ ...EMPTY_RESULTS_QUERY, q: query.q, sort: query.sort }, scope)}
            variant="secondary"
            size="sm"
          >
            Clear filters
          </ButtonLink>
        ) : null}
        {city && query.q ? (
          <ButtonLink href={paths.results({ ...query }, undefined)} variant="secondary" size="sm">
            Search every city
          </ButtonLink>
        ) : null}
      </div>
      <Suggestions data={data} scope={scope} />
    </div>
  );
}

/** Popular cuisines and kinds of place, each a link to its results. */
function Suggestions({
  data,
  scope,
}: {
  data: ResultsData;
  scope: { stateSlug: string; citySlug: string } | undefined;
}) {
  const cuisines = data.cuisines.slice(0, 8);
  return (
    <nav aria-label="Popular searches" className={styles.suggestions}>
      <p className={styles.suggestionsTitle}>
        Popular {data.city ? `in ${data.city.clm_city}` : 'on Spotreel'}
      </p>
      <LinkChips
        className={styles.suggestionChips}
        label="Kinds of place and cuisines"
        chips={[
          ...SUPER_CATEGORIES.map((key) => ({
            key,
            to: paths.results({ category: key }, scope),
            text: SUPER_CATEGORY_NAMES[key],
          })),
          ...cuisines.map((c) => ({
            key: c.clm_id,
            to: paths.results({ cuisine: c.safe_name }, scope),
            text: c.clm_name,
          })),
        ]}
      />
    </nav>
  );
}
