import { CalendarClock, Check, ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../paths';
import { useRootData } from '../../root-data';
import { BusinessBar } from './business-bar';
import { PriceCard } from './pricing';
import styles from './business.module.css';

/** verify-business (spec §2.2): why we verify, and the external scheduling page. */
export function VerifyBusiness({ source }: { source: string }) {
  const config = useRootData()?.config;
  const schedule = new URL(config?.verifySchedulingUrl ?? 'https://example.invalid');
  if (source) schedule.searchParams.set('utm_source', source);
  return (
    <>
      <BusinessBar />
      <div className={`page-width ${styles.narrowPage}`}>
        <ShieldCheck className={styles.completeIcon} aria-hidden="true" />
        <p className={styles.eyebrow}>Spotreel for businesses</p>
        <h1>Verify your business</h1>
        <p className={styles.muted}>
          Shops and services get verified on a short video call, so nobody else can speak for your
          business. Pick a time that suits you; it takes about ten minutes.
        </p>
        <ul className={styles.features}>
          <li>
            <Check aria-hidden="true" />
            Have your business licence or a recent utility bill at hand.
          </li>
          <li>
            <Check aria-hidden="true" />
            We confirm the listing details with you, then open your dashboard.
          </li>
        </ul>
        <div className={styles.heroActions}>
          <ButtonLink
            href={schedule.href}
            size="lg"
            icon={<CalendarClock aria-hidden="true" />}
            rel="noopener"
          >
            Schedule a verification call
          </ButtonLink>
          <ButtonLink href={paths.verifyBusinessCheckout()} size="lg" variant="secondary">
            See the business profile
          </ButtonLink>
        </div>
      </div>
    </>
  );
}

/** verify-business/checkout: the monthly profile, bought on the hosted checkout (link only). */
export function VerifyCheckout() {
  return (
    <>
      <BusinessBar />
      <div className={`page-width ${styles.narrowPage}`}>
        <p className={styles.eyebrow}>Spotreel for businesses</p>
        <h1>Your business profile</h1>
        <p className={styles.muted}>One monthly plan, cancel any time.</p>
        <PriceCard
          action="Continue to secure checkout"
          fine="Payment happens on our payment partner’s page; you come back here when it is done."
        />
      </div>
    </>
  );
}
