import { Link } from 'react-router';
import type { ReactNode } from 'react';
import type { LocationSummary } from '../../../contract/locations';
import { placeFilter } from '../../../contract/place-look';
import styles from './poster-card.module.css';

/** What a place's card shows (a city strip, related places): all a page keeps of the place. */
export type PlaceCard = Pick<
  LocationSummary,
  'clm_id' | 'clm_name' | 'clm_label' | 'clm_neighborhood' | 'clm_slug' | 'city_slug' | 'poster_url'
>;

/**
 * A place as its card shows it. A screen's data keeps only this of the places it shows as
 * cards: the rest would be written into the page's data and carried to the browser for nothing.
 */
export const placeCard = (place: LocationSummary): PlaceCard => ({
  clm_id: place.clm_id,
  clm_name: place.clm_name,
  clm_label: place.clm_label,
  clm_neighborhood: place.clm_neighborhood,
  clm_slug: place.clm_slug,
  city_slug: place.city_slug,
  poster_url: place.poster_url,
});

/**
 * A link with a poster, a title and a line under it: places in a city strip, related places,
 * a creator's collections, search results. `row` puts a small poster beside the text;
 * `children` are further lines under the detail (price, open now, distance). A place's card
 * passes `placeId`: the poster, its kind's picture, takes the place's own hue (ADR 077).
 */
export function PosterCard({
  href,
  posterUrl,
  placeId,
  title,
  detail,
  shape = 'portrait',
  layout = 'stacked',
  eager = false,
  children,
}: {
  href: string;
  posterUrl: string | null;
  placeId?: number;
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
          style={placeId === undefined ? undefined : { filter: placeFilter(placeId) }}
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
