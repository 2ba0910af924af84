import styles from './avatar.module.css';

/** A creator's round avatar; the name is its alternative text. */
export function Avatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  return (
    <img
      className={styles.avatar}
      src={src}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
