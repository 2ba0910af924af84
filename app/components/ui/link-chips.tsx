import { Link } from 'react-router';
import styles from './link-chips.module.css';

/** One chip: a link with the count of what it leads to. */
export interface LinkChip {
  key: string | number;
  to: string;
  text: string;
  count: number;
  /** Put first on purpose: drawn in the accent colour, `data-pinned="1"`. */
  pinned?: boolean;
}

/** Links as a wrapping row of chips with their counts: topics, a city's cuisines and kinds. */
export function LinkChips({
  chips,
  label,
  testId,
}: {
  chips: LinkChip[];
  label: string;
  testId?: string | undefined;
}) {
  return (
    <ul className={styles.chips} aria-label={label} data-testid={testId}>
      {chips.map((chip) => (
        <li
          key={chip.key}
          className={chip.pinned ? styles.pinned : undefined}
          data-pinned={chip.pinned === undefined ? undefined : chip.pinned ? '1' : '0'}
        >
          <Link to={chip.to}>
            {chip.text} <span>{chip.count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
