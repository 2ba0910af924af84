import type { Review } from '../../../contract/reviews';
import styles from './video-grid.module.css';
import { VideoTile } from './video-tile';

/**
 * A responsive grid of 9:16 video tiles. With `lead`, its first tile is the page's main image
 * (its largest paint): loaded first, at high priority. The rest load as they near the viewport,
 * so they never compete with the page's styles, scripts and main image.
 */
export function VideoGrid({
  reviews,
  label,
  lead = false,
}: {
  reviews: Review[];
  label: string;
  lead?: boolean;
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {reviews.map((review, index) => (
        <li key={review.clm_id}>
          <VideoTile review={review} priority={lead && index === 0} />
        </li>
      ))}
    </ul>
  );
}
