import { Check } from 'lucide-react';
import type { TrackedLabel } from '../../../contract/analytics-events';
import { ButtonLink } from '../../components/ui/button';
import { useRootData } from '../../root-data';
import { tracked } from '../../shared/tracked';
import styles from './business.module.css';

/** The monthly business profile (spec §2.2: bought on a hosted checkout page, link only). */
export const PROFILE_PRICE = 49;

export const PROFILE_FEATURES = [
  'Your photos, menu and booking link on your listing',
  'Growth reports over 90 days, with exports',
  'Invite local creators to film your place',
  'A verified badge on every video of your place',
];

/** The profile's price, what it adds, and the link to the hosted checkout (PROFILE_CHECKOUT_URL). */
export function PriceCard({
  action,
  fine,
  track,
}: {
  action: string;
  fine: string;
  /** The spec §7 label its clicks are tracked under, if any. */
  track?: TrackedLabel;
}) {
  const checkout = useRootData()?.config.profileCheckoutUrl ?? '#';
  return (
    <div className={styles.priceCard}>
      <p className={styles.priceName}>Business profile</p>
      <p className={styles.price}>
        <strong>${PROFILE_PRICE}</strong> / month
      </p>
      <ul className={styles.features}>
        {PROFILE_FEATURES.map((feature) => (
          <li key={feature}>
            <Check aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <ButtonLink href={checkout} rel="noopener" {...(track ? tracked(track) : {})}>
        {action}
      </ButtonLink>
      <p className={styles.fine}>{fine}</p>
    </div>
  );
}
