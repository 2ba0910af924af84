import styles from './avatar.module.css';

/** A person's round avatar; the name is its alternative text. No picture: their initial. */
export function Avatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  if (!src)
    return (
      <span
        className={`${styles.avatar} ${styles.initial}`}
        role="img"
        aria-label={name}
        style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
      >
        {name.trim().charAt(0).toUpperCase()}
      </span>
    );
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
