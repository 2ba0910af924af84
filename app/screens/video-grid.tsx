import type { Review } from '../../contract/reviews';
import { VideoTile } from '../components/ui/video-tile';
import styles from './screens.module.css';

/** A grid of 9:16 video tiles (the screens of issue 4 build on it). */
export function VideoGrid({ reviews, label }: { reviews: Review[]; label: string }) {
  return (
    <ul className={`page-width ${styles.grid}`} aria-label={label}>
      {reviews.map((review, index) => (
        <li key={review.clm_id}>
          <VideoTile review={review} priority={index < 4} />
        </li>
      ))}
    </ul>
  );
}
