import { Link } from 'react-router';
import {
  ArrowRight,
  BedDouble,
  Martini,
  MapPin,
  ShoppingBag,
  Sparkles,
  UtensilsCrossed,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { City } from '../../../contract/cities';
import { SUPER_CATEGORY_NAMES, type SuperCategory } from '../../../contract/super-categories';
import type { Review } from '../../../contract/reviews';
import { ButtonLink } from '../../components/ui/button';
import { VideoGrid } from '../../components/ui/video-grid';
import { VideoTile } from '../../components/ui/video-tile';
import { paths } from '../../paths';
import { useRootData } from '../../root-data';
import styles from './landing-page.module.css';

const CATEGORIES = [
  { key: 'dining', Icon: UtensilsCrossed, tint: 'var(--tint-dining)' },
  { key: 'nightlife', Icon: Martini, tint: 'var(--tint-nightlife)' },
  { key: 'hotel', Icon: BedDouble, tint: 'var(--tint-hotel)' },
  { key: 'experiences', Icon: Sparkles, tint: 'var(--tint-experiences)' },
  { key: 'shopping', Icon: ShoppingBag, tint: 'var(--tint-shopping)' },
] as const satisfies readonly { key: SuperCategory; Icon: unknown; tint: string }[];

/** What the landing screen loads for the page. */
export interface LandingData {
  featured: Review | null;
  watch: Review[];
  cities: City[];
}

/** The landing page: what Spotreel is, the app, a featured video, what locals watch now, the cities. */
export function LandingPage({
  data,
  download,
  search,
}: {
  data: LandingData;
  download: ReactNode;
  search: ReactNode;
}) {
  const { featured, watch, cities } = data;
  const onPhone = useRootData()?.firstLoad.device === 'mobile';
  return (
    <>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={`page-width ${styles.heroGrid}`}>
          <div className={styles.heroCopy}>
            <p className={styles.eyebrow}>
              <MapPin aria-hidden="true" /> {cities.length} cities · filmed by locals
            </p>
            <h1 id="landing-title" className={styles.title}>
              Find your next <span className={styles.highlight}>favourite spot</span>
            </h1>
            <p className={styles.lead}>
              Short videos of the restaurants, bars, hotels, experiences and shops locals love.
              Watch before you go.
            </p>
            <div className={styles.search}>{search}</div>
            <ul className={styles.categories} aria-label="What you can find">
              {CATEGORIES.map(({ key, Icon, tint }) => (
                <li key={key}>
                  {/* the results page, filtered to this kind of place (ADR 036) */}
                  <Link
                    to={paths.results({ category: key })}
                    className={styles.category}
                    style={{ background: tint }}
                  >
                    <Icon aria-hidden="true" />
                    {SUPER_CATEGORY_NAMES[key]}
                  </Link>
                </li>
              ))}
            </ul>
            <div className={styles.heroActions}>
              <ButtonLink href={paths.feed()} size="lg" icon={<ArrowRight aria-hidden="true" />}>
                Start watching
              </ButtonLink>
              {cities[0] ? (
                <ButtonLink
                  href={paths.city(cities[0].state_slug, cities[0].city_slug)}
                  size="lg"
                  variant="secondary"
                >
                  Explore {cities[0].clm_city}
                </ButtonLink>
              ) : null}
            </div>
          </div>
          <div className={styles.heroMedia}>
            {featured ? (
              <figure className={styles.featured}>
                {/* the main image beside the title on larger screens; below it on phones */}
                <VideoTile review={featured} priority={!onPhone} />
                <figcaption className={styles.featuredCaption}>
                  <span className={styles.featuredLabel}>Featured</span>
                  {featured.clm_caption}
                </figcaption>
              </figure>
            ) : null}
            {download}
          </div>
        </div>
      </section>

      <section className={`page-width ${styles.section}`} aria-labelledby="watch-title">
        <div className={styles.sectionHead}>
          <h2 id="watch-title" className={styles.sectionTitle}>
            What locals are watching
          </h2>
          <Link to={paths.feed()} className={styles.more}>
            See all <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <VideoGrid reviews={watch} label="What locals are watching" />
      </section>

      <section className={`page-width ${styles.section}`} aria-labelledby="cities-title">
        <h2 id="cities-title" className={styles.sectionTitle}>
          Pick a city
        </h2>
        <ul className={styles.cities}>
          {cities.map((city) => (
            <li key={city.clm_id}>
              <Link to={paths.city(city.state_slug, city.city_slug)} className={styles.city}>
                <span className={styles.cityName}>{city.clm_city}</span>
                <span className={styles.cityState}>{city.clm_state_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="brands" className={styles.band} aria-labelledby="brands-title">
        <div className={`page-width ${styles.bandGrid}`}>
          <div>
            <h2 id="brands-title" className={styles.sectionTitle}>
              For brands
            </h2>
            <p className={styles.bandLead}>
              Put your product in front of people deciding where to go tonight. Work with local
              creators whose audiences trust their taste.
            </p>
          </div>
          <ul className={styles.points}>
            <li>Campaigns with creators in every city we cover</li>
            <li>Real videos from real visits — no stock footage</li>
            <li>Reach measured in views and saves, not guesses</li>
          </ul>
        </div>
      </section>

      <section
        id="partners"
        className={`page-width ${styles.section} ${styles.partners}`}
        aria-labelledby="partners-title"
      >
        <div className={styles.bandGrid}>
          <div>
            <h2 id="partners-title" className={styles.sectionTitle}>
              Partners
            </h2>
            <p className={styles.bandLead}>
              Tourism boards, hotel groups and booking platforms use Spotreel to show what a place
              is really like.
            </p>
          </div>
          <div className={styles.partnerCta}>
            <p>Own a spot? Claim it and see what locals say.</p>
            <ButtonLink href={paths.biz()} variant="secondary">
              Spotreel for businesses
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
