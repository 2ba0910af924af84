import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './poster-card.module.css';

/**
 * A link with a poster, a title and a line under it: places in a city strip, related places,
 * a creator's collections, search results. `row` puts a small poster beside the text;
 * `children` are further lines under the detail (price, open now, distance).
 */
export function PosterCard({
  href,
  posterUrl,
  title,
  detail,
  shape = 'portrait',
  layout = 'stacked',
  eager = false,
  children,
}: {
  href: string;
  posterUrl: string | null;
  title: string;
  detail: string;
  shape?: 'portrait' | 'square';
  layout?: 'stacked' | 'row';
  eager?: boolean;
  children?: ReactNode;
}) {
  return (
    <Link to={href} className={`${styles.card} ${styles[layout]} ${styles[shape]}`}>
      {posterUrl ? (
        <img
          className={styles.poster}
          src={posterUrl}
          alt=""
          width={360}
          height={640}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      ) : (
        <span className={styles.poster} />
      )}
      <span className={styles.text}>
        <strong>{title}</strong>
        <small>{detail}</small>
        {children}
      </span>
    </Link>
  );
}
