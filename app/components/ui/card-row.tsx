import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './card-row.module.css';

/**
 * A row of cards that scrolls sideways: on phones a swipe (a card peeks at the edge), from
 * tablets up whole cards only and Previous/Next buttons that move a row's width at a time. The
 * buttons are labelled with the row's name and stay focusable at the ends (aria-disabled), so a
 * keyboard visitor who pressed to the end keeps their place.
 */
export function CardRow({
  name,
  heading,
  more,
  className,
  children,
}: {
  /** What the row holds, as its heading says it ("Food & Drink"): names the buttons. */
  name: string;
  heading: ReactNode;
  /** A link to everything the row is a taste of ("See all"), beside the arrows. */
  more?: ReactNode;
  /** The list's own grid (columns per width). */
  className?: string;
  children: ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // Before the browser measures (the server render): at the start, more to the right.
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const max = list.scrollWidth - list.clientWidth;
    setEdges({ start: list.scrollLeft <= 1, end: list.scrollLeft >= max - 1 });
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [measure]);

  const step = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    if (direction === -1 ? edges.start : edges.end) return;
    const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({
      left: direction * (list.clientWidth + gap),
      behavior: reduced ? 'auto' : 'smooth',
    });
  };

  return (
    <>
      <div className={styles.head}>
        {heading}
        <div className={styles.tools}>
          {more}
          <div className={styles.arrows}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={`Previous ${name}`}
              aria-disabled={edges.start}
              onClick={() => step(-1)}
            >
              <ChevronLeft aria-hidden="true" />
            </button>
            <button
              type="button"
              className={styles.arrow}
              aria-label={`Next ${name}`}
              aria-disabled={edges.end}
              onClick={() => step(1)}
            >
              <ChevronRight aria-hidden="true" />
            </button>
          </div>
        </div>
      </div>
      <ul ref={listRef} className={[styles.list, className].filter(Boolean).join(' ')}>
        {children}
      </ul>
    </>
  );
}
