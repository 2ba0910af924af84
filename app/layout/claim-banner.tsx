import { useRootData } from '../root-data';
import { ButtonLink } from '../components/ui/button';
import styles from './claim-banner.module.css';
import { tracked } from '../shared/tracked';

/** spec §2.5 claim-business banner: exact text; the button opens the external claim site. */
export function ClaimBanner() {
  const root = useRootData();
  if (!root) return null;
  return (
    <section className={styles.banner} aria-label="For businesses">
      <div className={`page-width ${styles.inner}`}>
        <p className={styles.text}>Get Videos From Top Local Creators For Your Business Today</p>
        <ButtonLink
          href={root.config.claimBusinessUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="inverse"
          size="sm"
          {...tracked('Claim Your Business')}
        >
          Claim Your Business
        </ButtonLink>
      </div>
    </section>
  );
}
