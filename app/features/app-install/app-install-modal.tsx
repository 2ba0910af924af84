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

/**
 * spec §2.5: on a location page the modal says 'Download the app to follow this location',
 * whichever button opened it (the header's, the install banner's, Follow); elsewhere the default.
 */
export function modalTitle(action: AppAction, screen: string | undefined): string {
  return action === 'follow-location' || screen === 'location'
    ? MODAL_TITLES.followLocation
    : MODAL_TITLES.default;
}

export function AppInstallModal({
  title,
  onClose,
  appLink,
}: {
  /** null while closed. */
  title: string | null;
  onClose: () => void;
  appLink: () => string;
}) {
  const root = useRootData();
  const titleId = useId();
  // Mounted only while open: the link holds this page's address, known in the browser only.
  if (!root || title === null) return null;
  return (
    <Dialog open onClose={onClose} labelledBy={titleId}>
      <div className={styles.modal}>
        <h2 id={titleId} className={styles.modalTitle}>
          {title}
        </h2>
        {/* A phone cannot scan its own screen: there the app link comes first (ADR 032). */}
        <div className={styles.scan}>
          <p className={styles.modalLead}>Scan the QR code with your phone</p>
          <img
            className={styles.qr}
            src={root.config.qrCodeUrl}
            alt="QR code to download the Spotreel app"
            width={176}
            height={176}
          />
        </div>
        <ButtonLink href={appLink()} target="_blank" rel="noopener noreferrer">
          Open the Spotreel app
        </ButtonLink>
        <p className={styles.modalLead}>Or download from app stores</p>
        <StoreBadges links={root.config.appStoreLinks} />
      </div>
    </Dialog>
  );
}
