import { Fragment } from 'react';
import { Link } from 'react-router';
import styles from './breadcrumb.module.css';

/** One step of a breadcrumb: a link, or (the last) the page itself. */
export interface Crumb {
  label: string;
  to?: string;
}

/** Where a page sits: "Home / Chicago / Tacos", the last step the page itself. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      {crumbs.map((crumb, i) => (
        <Fragment key={i}>
          {i > 0 ? <span aria-hidden="true"> / </span> : null}
          {crumb.to ? (
            <Link to={crumb.to}>{crumb.label}</Link>
          ) : (
            <span aria-current="page">{crumb.label}</span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
