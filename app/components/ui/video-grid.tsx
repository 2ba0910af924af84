import type { Review } from '../../../contract/reviews';
import styles from './video-grid.module.css';
import { VideoTile } from './video-tile';

/** A responsive grid of 9:16 video tiles; the first row loads eagerly. */
export function VideoGrid({ reviews, label }: { reviews: Review[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {reviews.map((review, index) => (
        <li key={review.clm_id}>
          <VideoTile review={review} priority={index < 4} />
        </li>
      ))}
    </ul>
  );
}
