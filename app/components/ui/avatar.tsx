import styles from './avatar.module.css';

/**
 * A person's round avatar; the name is its alternative text (none when `decorative`: the
 * surrounding control names the person). No picture: their initial.
 */
export function Avatar({
  src,
  name,
  size = 40,
  decorative = false,
}: {
  src: string;
  name: string;
  size?: number;
  decorative?: boolean;
}) {
  if (!src)
    return (
      <span
        className={`${styles.avatar} ${styles.initial}`}
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
        style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
      >
        {name.trim().charAt(0).toUpperCase()}
      </span>
    );
  return (
    <img
      className={styles.avatar}
      src={src}
      alt={decorative ? '' : name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
