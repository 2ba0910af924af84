import { useEffect, useRef } from 'react';
import styles from './unknown-path-notice.module.css';

/**
 * Above the landing page an unknown path shows (spec §2.4 "any other path"; its status stays
 * 404, ADR 031): the visitor learns that the address they followed names nothing before they
 * read on. A status message, focused when it appears so a screen reader starts there.
 */
export function UnknownPathNotice() {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus({ preventScroll: true }), []);
  return (
    <div ref={notice} role="status" tabIndex={-1} className={styles.notice}>
      <div className={`page-width ${styles.inner}`}>
        <p className={styles.title}>We couldn’t find that page</p>
        <p>The link may be mistyped, or the page may have moved. Here is what’s on Spotreel.</p>
      </div>
    </div>
  );
}
