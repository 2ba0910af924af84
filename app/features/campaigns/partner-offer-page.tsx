import { Coffee } from 'lucide-react';
import { Logo } from '../../components/ui/logo';
import { CampaignForm, PERSON_FIELDS, type FieldSpec } from './campaign-form';
import styles from './campaigns.module.css';

export const PARTNER_NAME = 'Tidbit Tea Co.';

const FIELDS: FieldSpec[] = [
  ...PERSON_FIELDS,
  {
    name: 'zip',
    label: 'ZIP code',
    kind: 'text',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: 5,
    hint: 'We send the code for the shop nearest you.',
  },
  {
    name: 'marketing_opt_in',
    kind: 'checkbox',
    label: `Send me news and offers from ${PARTNER_NAME} and Spotreel.`,
  },
];

/** trytibbs (spec §2.3): a partner promotion, with no shared layout; the partner is fictional. */
export function PartnerOfferPage() {
  return (
    <div className={styles.partner}>
      <header className={`page-width ${styles.partnerBar}`}>
        <Logo />
        <span aria-hidden="true">×</span>
        <span className={styles.partnerMark}>
          <Coffee aria-hidden="true" /> {PARTNER_NAME}
        </span>
      </header>
      <div className={`page-width ${styles.partnerBody}`}>
        <div className={styles.partnerCopy}>
          <p className={styles.eyebrow}>For Spotreel locals</p>
          <h1>Your first drink at {PARTNER_NAME} is on us</h1>
          <p className={styles.lead}>
            Small-batch teas, oat-milk chai and the quietest corner table in town. Sign up and we
            email you a code for one free drink of any size at any {PARTNER_NAME} shop.
          </p>
          <ul className={styles.checklist}>
            <li>One free drink, any size</li>
            <li>Good at every shop for 30 days</li>
            <li>No app, no card: show the code at the counter</li>
          </ul>
        </div>
        <div className={styles.formCard}>
          <h2 className={styles.formTitle}>Get my code</h2>
          <CampaignForm
            fields={FIELDS}
            submitLabel="Email me the code"
            done={{
              title: 'Check your inbox',
              text: `Your ${PARTNER_NAME} code is on its way. Enjoy the drink.`,
            }}
          />
        </div>
      </div>
      <footer className={`page-width ${styles.partnerFine}`}>
        <p>
          One code per person. Valid for 30 days from sign-up at participating {PARTNER_NAME} shops;
          not valid with other offers; no cash value. {PARTNER_NAME} is an independent business and
          not part of Spotreel.
        </p>
      </footer>
    </div>
  );
}
