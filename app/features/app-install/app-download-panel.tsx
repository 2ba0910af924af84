import { Smartphone } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useRootData } from '../../root-data';
import { useAppInstall } from './app-install';
import styles from './app-download-panel.module.css';
import { StoreBadges } from './store-badges';
import { tracked } from '../../shared/tracked';

/** spec §1: desktop visitors get a QR code and store links; phones get a button. */
export function AppDownloadPanel() {
  const { request } = useAppInstall();
  const root = useRootData();
  if (!root) return null;
  const { config } = root;
  return (
    <aside className={styles.download} aria-labelledby="download-title">
      <img
        className={styles.downloadQr}
        src={config.qrCodeUrl}
        alt="QR code to download the Spotreel app"
        width={112}
        height={112}
        loading="lazy"
      />
      <div className={styles.downloadBody}>
        <h2 id="download-title" className={styles.downloadTitle}>
          Get the Spotreel app
        </h2>
        {/* Phones get a button, not a code to scan (ADR 032): each width reads its own line. */}
        <p className={`${styles.downloadLead} ${styles.phoneOnly}`}>
          Save spots and follow locals in the app.
        </p>
        <p className={`${styles.downloadLead} ${styles.wideOnly}`}>
          Scan the QR code with your phone, or pick your store.
        </p>
        <StoreBadges links={config.appStoreLinks} tone="paper" />
        <Button
          className={styles.downloadButton}
          variant="inverse"
          icon={<Smartphone aria-hidden="true" />}
          onClick={() => request('get-app')}
          {...tracked('Get the app')}
        >
          Get the app
        </Button>
      </div>
    </aside>
  );
}
