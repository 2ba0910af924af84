import { useId } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useRootData } from '../../root-data';
import type { AppAction } from './app-install';
import { StoreBadges } from './store-badges';
import styles from './app-install.module.css';

/** spec §2.5 texts. */
export const MODAL_TITLES = {
  followLocation: 'Download the app to follow this location',
  default: 'Download the app and discover the best spots',
} as const;

export function AppInstallModal({
  action,
  onClose,
  appLink,
}: {
  action: AppAction | null;
  onClose: () => void;
  appLink: () => string;
}) {
  const root = useRootData();
  const titleId = useId();
  // Mounted only while open: the link holds this page's address, known in the browser only.
  if (!root || action === null) return null;
  const title = action === 'follow-location' ? MODAL_TITLES.followLocation : MODAL_TITLES.default;
  return (
    <Dialog open onClose={onClose} labelledBy={titleId}>
      <div className={styles.modal}>
        <h2 id={titleId} className={styles.modalTitle}>
          {title}
        </h2>
        <p className={styles.modalLead}>Scan the QR code with your phone</p>
        <img
          className={styles.qr}
          src={root.config.qrCodeUrl}
          alt="QR code to download the Spotreel app"
          width={176}
          height={176}
        />
        <ButtonLink href={appLink()} target="_blank" rel="noopener noreferrer">
          Open the Spotreel app
        </ButtonLink>
        <p className={styles.modalLead}>Or download from app stores</p>
        <StoreBadges links={root.config.appStoreLinks} />
      </div>
    </Dialog>
  );
}
