import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** The heading block every screen starts with. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: ReactNode;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className={`page-width ${styles.header}`}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </header>
  );
}

/** What a screen shows when the thing it names does not exist. */
export function NotFound({ what }: { what: string }) {
  return (
    <PageHeader
      eyebrow="Not found"
      title={`We couldn’t find that ${what}`}
      lead="It may have moved, or the link may be mistyped. Try the home page for more spots."
    />
  );
}
