import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { TopicPage as TopicPageData, TopicPlace } from '../../../contract/topics';
import { topicPlace } from '../../../contract/topic-rules';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PosterCard } from '../../components/ui/poster-card';
import { paths } from '../../paths';
import { OpenNowLine } from '../../shared/open-now-line';
import { topicHeadline } from './load-topic';
import { TopicLinks } from '../../components/ui/topic-links';
import styles from './topic-page.module.css';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Posters on screen at once on a phone: loaded first, the rest lazily. */
const FIRST_SCREEN_POSTERS = 2;

/**
 * Why a place is where it is on the list, from its numbers (spec §2.6): what it leads the list
 * in, if anything, then its videos, creators and the views of its best video.
 */
export function whyItRanks(place: TopicPlace, index: number, places: TopicPlace[]): string {
  const most = (value: (p: TopicPlace) => number) =>
    places.length > 1 && places.every((p) => p === place || value(p) < value(place));
  const lead =
    index === 0
      ? 'Top pick'
      : most((p) => p.review_count)
        ? 'Most filmed'
        : most((p) => p.top_video_views)
          ? 'Most watched'
          : most((p) => p.follower_count)
            ? 'Most followed'
            : null;
  const numbers = [
    `${plural(place.review_count, 'video')} by ${plural(place.creator_count, 'creator')}`,
    place.top_video_views > 0
      ? `best one watched ${compact.format(place.top_video_views)} times`
      : '',
    place.follower_count > 0 ? plural(place.follower_count, 'follower') : '',
  ].filter(Boolean);
  return `${lead ? `${lead}: ` : ''}${numbers.join(', ')}`;
}

/** A topic page: a ranked list of a kind's best places in a city or neighbourhood, and where to go next. */
export function TopicPage({ data }: { data: TopicPageData }) {
  const { topic, city, places, nearby, here } = data;
  const cityPath = paths.city(city.state_slug, city.city_slug);
  const where = topicPlace(topic);
  return (
    <div className={`page-width ${styles.page}`}>
      <header className={styles.header}>
        <Breadcrumb
          crumbs={[
            { label: 'Home', to: paths.home() },
            { label: city.clm_city, to: cityPath },
            ...(topic.neighborhood
              ? [
                  {
                    label: topic.title,
                    to: paths.topic(city.state_slug, city.city_slug, topic.slug),
                  },
                ]
              : []),
            { label: topic.neighborhood || topic.title },
          ]}
        />
        <h1 className={styles.title}>{topicHeadline(data)}</h1>
        <p className={styles.lead}>
          {plural(topic.location_count, 'spot')} in {where}, ranked by the videos local creators
          made of them. {places.length < topic.location_count ? `The top ${places.length}:` : ''}
        </p>
      </header>

      <ol className={styles.list} aria-label={topicHeadline(data)} data-testid="topic-places">
        {places.map((place, index) => (
          <li key={place.clm_id} className={styles.item}>
            <span className={styles.rank} aria-hidden="true">
              {index + 1}
            </span>
            <PosterCard
              layout="row"
              href={paths.locationInCity(place.city_slug, place.clm_slug)}
              posterUrl={place.poster_url}
              title={place.clm_name}
              detail={`${place.clm_label} · ${place.clm_neighborhood}`}
              eager={index < FIRST_SCREEN_POSTERS}
            >
              <small className={styles.facts}>
                {place.clm_price_level ? (
                  <span aria-label={`Price level ${place.clm_price_level} of 4`}>
                    {'$'.repeat(place.clm_price_level)}
                  </span>
                ) : null}
                <span>{plural(place.review_count, 'video')}</span>
              </small>
              <OpenNowLine
                hours={place.clm_hours}
                timeZone={city.clm_time_zone}
                as="span"
                className={styles.open}
                testId="topic-open-now"
              />
              <span className={styles.why}>{whyItRanks(place, index, places)}</span>
            </PosterCard>
          </li>
        ))}
      </ol>

      <div className={styles.next}>
        {nearby.length > 0 ? (
          <section aria-labelledby="topic-nearby">
            <h2 id="topic-nearby" className={styles.sectionTitle}>
              {topic.title} nearby
            </h2>
            <TopicLinks topics={nearby} label={`${topic.title} nearby`} />
          </section>
        ) : null}
        {here.length > 0 ? (
          <section aria-labelledby="topic-here">
            <h2 id="topic-here" className={styles.sectionTitle}>
              More in {topic.neighborhood || city.clm_city}
            </h2>
            <TopicLinks topics={here} label={`More in ${where}`} withPlace={false} />
          </section>
        ) : null}
        <p>
          <Link to={cityPath} className={styles.cityLink}>
            Everything in {city.clm_city} <ArrowRight aria-hidden="true" />
          </Link>
        </p>
      </div>
    </div>
  );
}
