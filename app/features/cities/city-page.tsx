import { Link } from 'react-router';
import {
  ArrowRight,
  BedDouble,
  Martini,
  ShoppingBag,
  Sparkles,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { City } from '../../../contract/cities';
import type { ClassificationList } from '../../../contract/classifications';
import { SUPER_CATEGORY_NAMES, type SuperCategory } from '../../../contract/super-categories';
import type { CityFeed } from '../../../contract/feeds';
import { Button } from '../../components/ui/button';
import { CardRow } from '../../components/ui/card-row';
import { PosterCard, type PlaceCard } from '../../components/ui/poster-card';
import { Skeleton } from '../../components/ui/card';
import { VideoGrid } from '../../components/ui/video-grid';
import type { TopicLink } from '../../../contract/topics';
import { paths } from '../../paths';
import { LinkChips } from '../../components/ui/link-chips';
import { TopicLinks } from '../../components/ui/topic-links';
import styles from './city-page.module.css';
import { useCityFeed } from './use-city-feed';
import { useClassificationPages } from './use-classification-pages';

export interface CityData {
  city: City;
  /** The feed's first videos and the city's counts by kind: what the page shows of the feed read. */
  feed: Pick<CityFeed, 'content' | 'next_start' | 'super_categories'>;
  /** Its strongest topic pages (spec §2.6). */
  topics: TopicLink[];
  strips: { key: SuperCategory; places: PlaceCard[] }[];
  cuisines: ClassificationList | null;
  categories: ClassificationList | null;
}

const ICONS: Record<SuperCategory, LucideIcon> = {
  dining: UtensilsCrossed,
  nightlife: Martini,
  hotel: BedDouble,
  experiences: Sparkles,
  shopping: ShoppingBag,
};

/** Cards of the first strip on screen at 375 px (38% of the width each). */
const FIRST_SCREEN_CARDS = 3;

/** A city like a magazine front: a strip per super category, cuisines and categories, then the feed. */
export function CityPage({
  data,
  search,
  actions,
}: {
  data: CityData;
  search: ReactNode;
  actions: ReactNode;
}) {
  const { city, feed } = data;
  // Taken apart: any read, during render, from the one object that holds the sentinel ref counts
  // as reading a ref (react-hooks/refs). The sentinel is the only ref; the rest are values.
  const { videos, hasMore, loading, sentinel, loadMore } = useCityFeed(city.clm_id, feed);
  const cuisines = useClassificationPages('cuisines', city.clm_id, data.cuisines);
  const categories = useClassificationPages('practicalCategories', city.clm_id, data.categories);
  const total = feed.super_categories.reduce((sum, s) => sum + s.count, 0);
  const countOf = new Map(feed.super_categories.map((s) => [s.key, s.count]));
  // Each chip opens this city's results, filtered (ADR 036).
  const inCity = { stateSlug: city.state_slug, citySlug: city.city_slug };
  return (
    <>
      <header className={styles.hero}>
        <div className={`page-width ${styles.heroInner}`}>
          <p className={styles.eyebrow}>{city.clm_state_name}</p>
          <h1 className={styles.title}>{city.clm_city}</h1>
          <p className={styles.lead}>
            {total} spots in {city.clm_city}, filmed by the locals who love them.
          </p>
          <div className={styles.search}>{search}</div>
          <div className={styles.actions}>{actions}</div>
          <nav aria-label={`Jump to a kind of place in ${city.clm_city}`}>
            <ul className={styles.jump}>
              {feed.super_categories.map((s) => {
                const Icon = ICONS[s.key];
                return (
                  <li key={s.key}>
                    <a href={`#${s.key}`} data-category={s.key}>
                      <Icon aria-hidden="true" /> {s.name} <span>{s.count}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </header>

      <div className="page-width">
        {data.strips.map(({ key, places }, stripIndex) => (
          <section key={key} id={key} aria-labelledby={`strip-${key}`} className={styles.strip}>
            {places.length > 0 ? (
              <CardRow
                name={SUPER_CATEGORY_NAMES[key]}
                heading={
                  <h2 id={`strip-${key}`} className={styles.sectionTitle}>
                    {SUPER_CATEGORY_NAMES[key]}
                  </h2>
                }
                more={
                  // only when the strip does not already hold every place of its kind
                  (countOf.get(key) ?? 0) > places.length && (
                    <Link to={paths.results({ category: key }, inCity)} className={styles.seeAll}>
                      See all
                      <span className="visually-hidden">
                        {' '}
                        {countOf.get(key) ?? ''} {SUPER_CATEGORY_NAMES[key]} in {city.clm_city}
                      </span>
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  )
                }
                className={styles.stripList}
              >
                {places.map((place, index) => (
                  <li key={place.clm_id}>
                    <PosterCard
                      href={paths.locationInCity(place.city_slug, place.clm_slug)}
                      posterUrl={place.poster_url}
                      placeId={place.clm_id}
                      title={place.clm_name}
                      detail={`${place.clm_label} · ${place.clm_neighborhood}`}
                      // The first strip's first cards are on screen at once (the page's largest
                      // content on a phone): no lazy loading there.
                      eager={stripIndex === 0 && index < FIRST_SCREEN_CARDS}
                    />
                  </li>
                ))}
              </CardRow>
            ) : (
              <>
                <h2 id={`strip-${key}`} className={styles.sectionTitle}>
                  {SUPER_CATEGORY_NAMES[key]}
                </h2>
                <p className={styles.empty}>
                  No {SUPER_CATEGORY_NAMES[key].toLowerCase()} here yet.
                </p>
              </>
            )}
          </section>
        ))}

        {data.topics.length > 0 ? (
          <section aria-labelledby="topics-title" className={styles.strip}>
            <h2 id="topics-title" className={styles.sectionTitle}>
              Best of {city.clm_city}
            </h2>
            <TopicLinks
              topics={data.topics}
              label={`Best of ${city.clm_city}`}
              prefix="Best "
              testId="city-topics"
            />
          </section>
        ) : null}

        <div className={styles.columns}>
          <section aria-labelledby="cuisines-title">
            <h2 id="cuisines-title" className={styles.sectionTitle}>
              Cuisines
            </h2>
            <ChipList
              items={cuisines.items}
              empty="No cuisines yet."
              label="Cuisines"
              hrefOf={(item) => paths.results({ cuisine: item.safe_name }, inCity)}
            />
            {cuisines.hasMore ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void cuisines.loadMore()}
                disabled={cuisines.loading}
              >
                More cuisines
              </Button>
            ) : null}
          </section>
          <section aria-labelledby="categories-title">
            <h2 id="categories-title" className={styles.sectionTitle}>
              Good for
            </h2>
            <ChipList
              items={categories.items}
              empty="No categories yet."
              label="Practical categories"
              hrefOf={(item) => paths.results({ category: item.safe_name }, inCity)}
            />
            {categories.hasMore ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void categories.loadMore()}
                disabled={categories.loading}
              >
                More categories
              </Button>
            ) : null}
          </section>
        </div>

        <section aria-labelledby="feed-title" className={styles.feed}>
          <h2 id="feed-title" className={styles.sectionTitle}>
            Latest from {city.clm_city}
          </h2>
          {videos.length > 0 ? (
            <VideoGrid reviews={videos} label={`Videos from ${city.clm_city}`} />
          ) : (
            <p className={styles.empty}>No videos from {city.clm_city} yet.</p>
          )}
          <div ref={sentinel} className={styles.sentinel} aria-hidden={!loading}>
            {loading ? (
              <div className={styles.loadingRow}>
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} height="180px" />
                ))}
              </div>
            ) : null}
          </div>
          {hasMore ? (
            <div className={styles.more}>
              <Button variant="secondary" onClick={() => void loadMore()} disabled={loading}>
                Show more videos
              </Button>
            </div>
          ) : videos.length > 0 ? (
            <p className={styles.end}>You’ve reached the end of {city.clm_city} — for now.</p>
          ) : null}
        </section>
      </div>
    </>
  );
}

function ChipList({
  items,
  empty,
  label,
  hrefOf,
}: {
  items: ClassificationList['data'];
  empty: string;
  label: string;
  hrefOf: (item: ClassificationList['data'][number]) => string;
}) {
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  const chips = items.map((item) => ({
    key: item.clm_id,
    to: hrefOf(item),
    text: item.clm_name,
    count: item.clm_count,
    pinned: item.clm_pinned === '1',
  }));
  return <LinkChips chips={chips} label={label} />;
}
