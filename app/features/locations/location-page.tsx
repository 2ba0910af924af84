import { Link } from 'react-router';
import { Clock, Globe, MapPin, Phone, Store, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPER_CATEGORY_NAMES, type SuperCategory } from '../../../contract/super-categories';
import type { Location, LocationFollows, TipList } from '../../../contract/locations';
import type { VideoList } from '../../../contract/reviews';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PosterCard, type PlaceCard } from '../../components/ui/poster-card';
import { VideoGrid } from '../../components/ui/video-grid';
import type { TopicLink } from '../../../contract/topics';
import { paths } from '../../paths';
import { TopicLinks } from '../../components/ui/topic-links';
import styles from './location-page.module.css';
import { Directions, OpenNow, OpeningHoursTable } from './opening-hours';
import { usePagedVideos } from './use-paged-videos';
import { tracked } from '../../shared/tracked';

export interface LocationPageData {
  location: Location;
  videos: VideoList | null;
  tips: TipList | null;
  related: PlaceCard[];
  follows: LocationFollows | null;
  /** The topic pages it is on, the narrowest first: "more {kind} in …" (spec §2.6). */
  topics?: TopicLink[];
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A place page like the best review sites: name, chips, neighbourhood and address, follow and
 * share, then the videos; details, tips and related places beside them on wide screens.
 * `actions` holds the app-only follow and the share buttons; `claimHref` the business entry,
 * and `manageHref` (when the visitor owns the place) its dashboard, offered instead.
 */
export function LocationPage({
  data,
  actions,
  claimHref,
  manageHref,
}: {
  data: LocationPageData;
  actions: ReactNode;
  claimHref: string;
  manageHref: string | null;
}) {
  const { location, videos, tips, related, follows } = data;
  const paged = usePagedVideos(location.clm_id, videos);
  const chips = [...location.tags.cuisines, ...location.tags.categories].slice(0, 8);
  const supers = location.super_categories as SuperCategory[];
  return (
    <div className={`page-width ${styles.page}`}>
      <header className={styles.header}>
        <Breadcrumb
          crumbs={[
            { label: 'Home', to: paths.home() },
            {
              label: location.clm_city,
              to: paths.city(location.city.state_slug, location.city.city_slug),
            },
            { label: location.clm_name },
          ]}
        />
        <p className={styles.label}>
          {supers.map((s) => (
            <span key={s} className={styles.super} data-category={s}>
              {SUPER_CATEGORY_NAMES[s]}
            </span>
          ))}
          <span>{location.clm_label}</span>
          {location.clm_price_level ? (
            <span aria-label={`Price level ${location.clm_price_level} of 4`}>
              {'$'.repeat(location.clm_price_level)}
            </span>
          ) : null}
        </p>
        <h1 className={styles.title}>{location.clm_name}</h1>
        <p className={styles.prompt}>{location.clm_prompt}</p>
        <div className={styles.whereWhen}>
          <p className={styles.address}>
            <MapPin aria-hidden="true" />
            <span>
              {location.clm_neighborhood} · {location.clm_address}, {location.clm_city},{' '}
              {location.clm_state} {location.clm_zip}
            </span>
          </p>
          <OpenNow hours={location.clm_hours} timeZone={location.city.clm_time_zone} />
          <Directions lat={location.clm_lat} lon={location.clm_lon} name={location.clm_name} />
        </div>
        <p className={styles.stats}>
          <span>
            <Users aria-hidden="true" /> <strong>{compact.format(location.follower_count)}</strong>{' '}
            followers
          </span>
          <span>
            <strong>{location.review_count}</strong> videos
          </span>
          {follows && follows.data.length > 0 ? (
            <span className={styles.followers}>
              {follows.data.slice(0, 5).map((f) => (
                <Avatar key={f.clm_id} src={f.avatar_url} name="" size={28} />
              ))}
              <span className="visually-hidden">
                Followed by{' '}
                {follows.data
                  .slice(0, 3)
                  .map((f) => `@${f.clm_username}`)
                  .join(', ')}
              </span>
            </span>
          ) : null}
        </p>
        <div className={styles.actions}>{actions}</div>
        {chips.length > 0 ? (
          <ul className={styles.chips} aria-label="Categories">
            {chips.map((tag) => (
              <li key={`${tag.clm_id}`}>{tag.name}</li>
            ))}
          </ul>
        ) : null}
      </header>

      <div className={styles.layout}>
        <section aria-labelledby="videos-title" className={styles.videos}>
          <h2 id="videos-title" className={styles.sectionTitle}>
            Videos from locals
          </h2>
          {paged.videos.length > 0 ? (
            <VideoGrid reviews={paged.videos} label={`Videos of ${location.clm_name}`} lead />
          ) : (
            <p className={styles.empty}>
              No videos of {location.clm_name} yet. Be the first to film it in the app.
            </p>
          )}
          {paged.hasMore ? (
            <div className={styles.more}>
              <Button
                variant="secondary"
                onClick={() => void paged.loadMore()}
                disabled={paged.loading}
                aria-busy={paged.loading}
              >
                {paged.loading ? 'Loading…' : 'Show more videos'}
              </Button>
            </div>
          ) : null}
        </section>

        <aside className={styles.aside}>
          {/* What its owner wrote on the dashboard's Info tab, shown as saved (issue 38). */}
          {location.clm_description ? (
            <section aria-labelledby="about-title" className={styles.card}>
              <h2 id="about-title" className={styles.cardTitle}>
                About
              </h2>
              <p className={styles.description}>{location.clm_description}</p>
            </section>
          ) : null}
          <section aria-labelledby="details-title" className={styles.card}>
            <h2 id="details-title" className={styles.cardTitle}>
              Details
            </h2>
            <dl className={styles.details}>
              {location.links.website ? (
                <div>
                  <dt>
                    <Globe aria-hidden="true" />
                    <span className="visually-hidden">Website</span>
                  </dt>
                  <dd>
                    <a
                      href={location.links.website}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                    >
                      {location.links.website.replace(/^https?:\/\/(www\.)?/, '')}
                    </a>
                  </dd>
                </div>
              ) : null}
              {location.clm_phone ? (
                <div>
                  <dt>
                    <Phone aria-hidden="true" />
                    <span className="visually-hidden">Phone</span>
                  </dt>
                  <dd>
                    <a href={`tel:${location.clm_phone.replace(/[^0-9+]/g, '')}`}>
                      {location.clm_phone}
                    </a>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>
                  <Clock aria-hidden="true" />
                  <span className="visually-hidden">Hours</span>
                </dt>
                <dd>
                  <OpeningHoursTable
                    hours={location.clm_hours}
                    timeZone={location.city.clm_time_zone}
                  />
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="tips-title" className={styles.card}>
            <h2 id="tips-title" className={styles.cardTitle}>
              Tips from locals
            </h2>
            {tips && tips.data.length > 0 ? (
              <ul className={styles.tips}>
                {tips.data.map((tip) => (
                  <li key={tip.clm_id}>
                    <Avatar src={tip.author.avatar_url} name="" size={32} />
                    <div>
                      <p>{tip.text}</p>
                      <Link to={paths.user(tip.author.vanity_url)} className={styles.tipAuthor}>
                        @{tip.author.clm_username}
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>No tips yet.</p>
            )}
          </section>

          <BusinessCard place={location} claimHref={claimHref} manageHref={manageHref} />
        </aside>
      </div>

      <section aria-labelledby="related-title" className={styles.related}>
        <h2 id="related-title" className={styles.sectionTitle}>
          More spots like this nearby
        </h2>
        {related.length > 0 ? (
          <ul className={styles.relatedList}>
            {related.map((place) => (
              <li key={place.clm_id}>
                <PosterCard
                  layout="row"
                  href={paths.locationInCity(place.city_slug, place.clm_slug)}
                  posterUrl={place.poster_url}
                  placeId={place.clm_id}
                  title={place.clm_name}
                  detail={`${place.clm_label} · ${place.clm_neighborhood}`}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>No other spots like this nearby yet.</p>
        )}
        <TopicLinks
          topics={data.topics ?? []}
          label={`More like ${location.clm_name}`}
          prefix="More "
          testId="place-topics"
        />
      </section>
    </div>
  );
}

/**
 * The business entry beside a place: its owner manages it (their dashboard for it), everyone
 * else may claim it (spec §2.2 business-entry decision). The business area is another route set
 * (spec §2): a full page load.
 */
function BusinessCard({
  place,
  claimHref,
  manageHref,
}: {
  place: Location;
  claimHref: string;
  manageHref: string | null;
}) {
  if (manageHref)
    return (
      <section aria-labelledby="claim-title" className={`${styles.card} ${styles.claim}`}>
        <Store aria-hidden="true" />
        <div>
          <h2 id="claim-title" className={styles.cardTitle}>
            You run {place.clm_name}
          </h2>
          <p>Change its details and see who watches its videos.</p>
          <Link className={styles.claimLink} to={manageHref} reloadDocument>
            Manage
          </Link>
        </div>
      </section>
    );
  return (
    <section aria-labelledby="claim-title" className={`${styles.card} ${styles.claim}`}>
      <Store aria-hidden="true" />
      <div>
        <h2 id="claim-title" className={styles.cardTitle}>
          Own {place.clm_name}?
        </h2>
        <p>Claim this listing to answer locals and see who watches your videos.</p>
        {claimHref.startsWith('http') ? (
          <a
            className={styles.claimLink}
            href={claimHref}
            target="_blank"
            rel="noopener noreferrer"
            {...tracked('Claim Business')}
          >
            Claim Business
          </a>
        ) : (
          <Link
            className={styles.claimLink}
            to={claimHref}
            reloadDocument
            {...tracked('Claim Business')}
          >
            Claim Business
          </Link>
        )}
      </div>
    </section>
  );
}
