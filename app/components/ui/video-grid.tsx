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

/** Adds a page to a list of videos, each video once (spec §3: de-duplicated by clm_id). */
export function mergeVideos(current: Review[], next: Review[]): Review[] {
  const seen = new Set(current.map((r) => r.clm_id));
  return [...current, ...next.filter((r) => !seen.has(r.clm_id) && seen.add(r.clm_id))];
}
