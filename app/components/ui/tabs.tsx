import { NavLink } from 'react-router';
import styles from './tabs.module.css';

/** Tabs that are links (each tab has its own URL, like the dashboard's). */
export function LinkTabs({
  label,
  tabs,
}: {
  label: string;
  /** `active` overrides the URL match (a tab shown at more than one address). */
  tabs: { to: string; label: string; end?: boolean; active?: boolean }[];
}) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end ?? true}
          className={({ isActive }) =>
            `${styles.tab} ${(tab.active ?? isActive) ? styles.active : ''}`
          }
          aria-current={tab.active === undefined ? undefined : tab.active ? 'page' : false}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
