import { Skeleton } from '../components/ui/card';
import styles from './screen-skeleton.module.css';

/** What a screen shows while the next one loads on a client navigation (no blank flash). */
export function ScreenSkeleton() {
  return (
    <div className={`page-width ${styles.skeleton}`} aria-busy="true" aria-label="Loading">
      <Skeleton width="30%" height="16px" />
      <Skeleton width="70%" height="44px" />
      <Skeleton width="50%" height="20px" />
      <div className={styles.grid}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height="auto" />
        ))}
      </div>
    </div>
  );
}
