import type { HTMLAttributes } from 'react';
import styles from './card.module.css';

/** A surface with the brand's soft shadow and 16 px corners. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={[styles.card, className].filter(Boolean).join(' ')} {...rest} />;
}

/** A grey shimmering block that holds the place of content still loading (no layout shift). */
export function Skeleton({
  width,
  height,
  round,
}: {
  width?: string;
  height: string;
  round?: boolean;
}) {
  return (
    <span
      className={`${styles.skeleton} ${round ? styles.round : ''}`}
      style={{ width: width ?? '100%', height }}
      aria-hidden="true"
    />
  );
}
