import type { PublicConfig } from '../../../contract/public-config';
import styles from './app-install.module.css';

type StoreKey = keyof PublicConfig['appStoreLinks'];

const STORES: { key: StoreKey; lead: string; name: string; icon: string }[] = [
  {
    key: 'qrcode-download-apple',
    lead: 'Download on the',
    name: 'App Store',
    icon: 'M16.4 12.6c0-2.5 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-1.9-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.2 1-4.1 2.5-1.8 3-.5 7.5 1.2 10 .8 1.2 1.8 2.6 3.1 2.5 1.3 0 1.7-.8 3.3-.8 1.5 0 1.9.8 3.3.8 1.4 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-4.2zM14 5.3c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z',
  },
  {
    key: 'qrcode-download-google',
    lead: 'Get it on',
    name: 'Google Play',
    icon: 'M4 2.8v18.4c0 .4.4.6.7.4L21 12.4c.3-.2.3-.6 0-.8L4.7 2.4c-.3-.2-.7 0-.7.4z',
  },
];

/** App Store and Google Play links, looked up by the keys of spec §2.5. */
export function StoreBadges({
  links,
  tone = 'ink',
}: {
  links: PublicConfig['appStoreLinks'];
  tone?: 'ink' | 'paper';
}) {
  return (
    <div className={`${styles.badges} ${tone === 'paper' ? styles.badgesPaper : ''}`}>
      {STORES.map((store) => (
        <a
          key={store.key}
          className={styles.badge}
          href={links[store.key]}
          target="_blank"
          rel="noopener noreferrer"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path fill="currentColor" d={store.icon} />
          </svg>
          <span>
            <small>{store.lead}</small>
            {store.name}
          </span>
        </a>
      ))}
    </div>
  );
}
