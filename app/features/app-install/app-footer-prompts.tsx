import { Button, ButtonLink } from '../../components/ui/button';
import { useRootData } from '../../root-data';
import { useAppInstall } from './app-install';
import styles from './app-install.module.css';
import { tracked } from '../../shared/tracked';

/** spec §2.5 sticky footer (tablet and desktop), hidden while the app modal is open. */
export function StickyAppFooter() {
  const { modalOpen } = useAppInstall();
  const root = useRootData();
  if (modalOpen || !root) return null;
  const stores = root.config.appStoreLinks;
  return (
    <aside className={styles.sticky} aria-label="Get the app">
      <div className={styles.stickyText}>
        <span className={styles.stickyTitle}>Get the full app experience</span>
        <span className={styles.stickyLead}>
          Enjoy more videos and great features on the Spotreel app.
        </span>
      </div>
      <ButtonLink
        variant="inverse"
        href={stores['qrcode-download-apple']}
        target="_blank"
        rel="noopener noreferrer"
        {...tracked('Install Now')}
        onClick={(event) => {
          // Android tablets get Google Play.
          if (/Android/i.test(navigator.userAgent)) {
            event.preventDefault();
            window.open(stores['qrcode-download-google'], '_blank', 'noopener,noreferrer');
          }
        }}
      >
        Install Now
      </ButtonLink>
    </aside>
  );
}

/** Mobile: a small sticky install banner with an 'Open' button. */
export function MobileInstallBanner() {
  const { request, modalOpen } = useAppInstall();
  // Hidden, not unmounted, while the modal is open: its Open button gets the focus back.
  return (
    <aside className={styles.banner} aria-label="Open in the app" hidden={modalOpen}>
      <span className={styles.bannerIcon} aria-hidden="true">
        <svg viewBox="0 0 32 32">
          <path
            d="M16 2c6.6 0 12 5.2 12 11.7C28 21.5 16 30 16 30S4 21.5 4 13.7C4 7.2 9.4 2 16 2z"
            fill="#FF5A4E"
          />
          <path d="M13 9.5v8.5l7-4.25z" fill="#FFFBF6" />
        </svg>
      </span>
      <span className={styles.bannerText}>
        <strong>Spotreel</strong>
        <small>More videos in the app</small>
      </span>
      <Button size="sm" onClick={() => request('open-in-app')} {...tracked('Open')}>
        Open
      </Button>
    </aside>
  );
}
