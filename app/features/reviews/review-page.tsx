import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { placeFilter } from '../../../contract/place-look';
import type { Review, VideoList } from '../../../contract/reviews';
import { Avatar } from '../../components/ui/avatar';
import { VideoGrid } from '../../components/ui/video-grid';
import { paths } from '../../paths';
import styles from './review-page.module.css';

export interface ReviewData {
  review: Review;
  more: VideoList | null;
}

const date = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A review: the video large, who filmed it, the place, and more from the place. */
export function ReviewPage({
  data,
  player,
  actions,
}: {
  data: ReviewData;
  player: ReactNode;
  actions: ReactNode;
}) {
  const { review } = data;
  const place = review.location;
  const more = (data.more?.data ?? []).filter((r) => r.clm_id !== review.clm_id).slice(0, 12);
  const placeHref = paths.locationInCity(place.city_slug, place.clm_slug);
  return (
    <div className={`page-width ${styles.page}`}>
      <div className={styles.layout}>
        <div className={styles.player}>{player}</div>
        <div className={styles.info}>
          <Link to={paths.user(review.author.vanity_url)} className={styles.author}>
            <Avatar src={review.author.avatar_url} name="" size={48} />
            <span>
              <strong>{review.author.display_name}</strong>
              <small>@{review.author.clm_username}</small>
            </span>
          </Link>
          <h1 className={styles.caption}>{review.clm_caption}</h1>
          <p className={styles.meta}>
            {date.format(new Date(review.created_at))} · {compact.format(review.view_count)} views
          </p>
          <div className={styles.actions}>{actions}</div>
          <Link to={placeHref} className={styles.place}>
            {place.poster_url ? (
              <img
                src={place.poster_url}
                alt=""
                width={72}
                height={128}
                style={{ filter: placeFilter(place.clm_id) }}
              />
            ) : null}
            <span>
              <small>{place.clm_label}</small>
              <strong>{place.clm_name}</strong>
              <span className={styles.address}>
                <MapPin aria-hidden="true" /> {place.clm_neighborhood}, {place.clm_city}
              </span>
            </span>
          </Link>
        </div>
      </div>
      <section aria-labelledby="more-title" className={styles.more}>
        <h2 id="more-title" className={styles.sectionTitle}>
          More from {place.clm_name}
        </h2>
        {more.length > 0 ? (
          <VideoGrid reviews={more} label={`More videos of ${place.clm_name}`} />
        ) : (
          <p className={styles.empty}>This is the only video of {place.clm_name} so far.</p>
        )}
      </section>
    </div>
  );
}
