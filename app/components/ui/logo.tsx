import { Link } from 'react-router';
import { paths } from '../../paths';
import { useFullLoad } from '../../use-full-load';
import styles from './logo.module.css';

/**
 * The Spotreel mark (a play-button pin) and word; links home. `markOnlyWhenNarrow`: the mark
 * alone on phones under 420 px and on small tablets, where a header's buttons need the room.
 */
export function Logo({
  tone = 'ink',
  markOnlyWhenNarrow = false,
}: {
  tone?: 'ink' | 'paper';
  markOnlyWhenNarrow?: boolean;
}) {
  const fullLoad = useFullLoad();
  return (
    <Link
      to={paths.home()}
      reloadDocument={fullLoad(paths.home())}
      className={[
        styles.logo,
        tone === 'paper' && styles.paper,
        markOnlyWhenNarrow && styles.markOnlyWhenNarrow,
      ]
        .filter(Boolean)
        .join(' ')}
      aria-label="Spotreel home"
    >
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true">
        <path
          d="M16 2c6.6 0 12 5.2 12 11.7C28 21.5 16 30 16 30S4 21.5 4 13.7C4 7.2 9.4 2 16 2z"
          fill="#FF5A4E"
        />
        <path d="M13 9.5v8.5l7-4.25z" fill="#FFFBF6" />
      </svg>
      <span className={styles.word}>Spotreel</span>
    </Link>
  );
}
