import { NavLink } from 'react-router';
import styles from './tabs.module.css';

/** Tabs that are links (each tab has its own URL, like the dashboard's). */
export function LinkTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { to: string; label: string; end?: boolean }[];
}) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end ?? true}
          className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
