import { Link } from 'react-router';
import { placeFilter } from '../../../contract/place-look';
import type { Review } from '../../../contract/reviews';
import { paths } from '../../paths';
import { Avatar } from './avatar';
import styles from './video-tile.module.css';

/**
 * A 9:16 poster tile of a review: creator and place over a soft gradient, as the brand direction
 * draws video tiles, in the place's own hue (ADR 077). A `priority` tile is the page's main image: loaded at once, at high priority
 * (the server preloads it).
 */
export function VideoTile({ review, priority = false }: { review: Review; priority?: boolean }) {
  return (
    <Link to={paths.review(review.clm_id)} className={styles.tile}>
      <img
        className={styles.poster}
        style={{ filter: placeFilter(review.location.clm_id) }}
        src={review.video.poster_url}
        alt=""
        width={review.video.width}
        height={review.video.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
      <span className={styles.overlay}>
        <span className={styles.place}>{review.location.clm_name}</span>
        <span className={styles.author}>
          <Avatar src={review.author.avatar_url} name="" size={24} />
          <span>@{review.author.clm_username}</span>
        </span>
      </span>
      <span className="visually-hidden">
        {review.clm_caption} — video by {review.author.display_name} at {review.location.clm_name}
      </span>
    </Link>
  );
}
