import { Link } from 'react-router';
import styles from './link-chips.module.css';

/** One chip: a link, with the count of what it leads to when there is one. */
export interface LinkChip {
  key: string | number;
  to: string;
  text: string;
  count?: number;
  /** Put first on purpose: drawn in the accent colour, `data-pinned="1"`. */
  pinned?: boolean;
}

/**
 * Links as a wrapping row of chips: topics, a city's cuisines and kinds (with their counts), the
 * results page's popular searches. `className` places the row (alignment, margins) in its page.
 */
export function LinkChips({
  chips,
  label,
  testId,
  className,
}: {
  chips: LinkChip[];
  label: string;
  testId?: string | undefined;
  className?: string | undefined;
}) {
  return (
    <ul
      className={className ? `${styles.chips} ${className}` : styles.chips}
      aria-label={label}
      data-testid={testId}
    >
      {chips.map((chip) => (
        <li
          key={chip.key}
          className={chip.pinned ? styles.pinned : undefined}
          data-pinned={chip.pinned === undefined ? undefined : chip.pinned ? '1' : '0'}
        >
          <Link to={chip.to}>
            {chip.text}
            {chip.count === undefined ? null : (
              <>
                {' '}
                <span>{chip.count}</span>
              </>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
