import { Link } from 'react-router';
import { US_STATES } from '../../../contract/campaign-options';
import { paths } from '../../paths';
import { useRootData } from '../../root-data';
import { CampaignForm, PERSON_FIELDS, type FieldSpec } from './campaign-form';
import { CampaignHero, CampaignSection, giveawayDay, giveawayTime, Points } from './campaign-parts';
import styles from './campaigns.module.css';

export const GIVEAWAY_NAME = 'The Summer Sound Giveaway';

const FIELDS: FieldSpec[] = [
  ...PERSON_FIELDS,
  // No hint of the age rule: the eligibility box below says it, and a refused date says it
  // again in its error (a hint would make it twice under one field).
  { name: 'birth_date', label: 'Date of birth', kind: 'date', autoComplete: 'bday' },
  {
    name: 'state',
    label: 'State',
    kind: 'select',
    options: US_STATES,
    placeholder: 'Choose your state',
  },
  {
    name: 'zip',
    label: 'ZIP code',
    kind: 'text',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: 5,
  },
  { name: 'confirm_eligible', kind: 'checkbox', label: 'I am a legal U.S. resident, 18 or older.' },
];

/** kygo-sweepstakes (spec §2.3): a giveaway, with a fictional name in the copy. */
export function GiveawayPage() {
  const period = useRootData()?.config.giveaway;
  const closes = period ? `${giveawayDay(period.closes)} at ${giveawayTime(period.closes)}` : '';
  return (
    <div className={styles.page}>
      <CampaignHero
        tone="sun"
        eyebrow={GIVEAWAY_NAME}
        title="Win a summer weekend for two"
        lead="Two passes to the Lakeshore Sound Festival, two nights in a boutique hotel and $500 to spend at Spotreel spots in the city of your choice."
        cta={{ href: '#enter', label: 'Enter the giveaway' }}
        facts={[
          { value: '$3,200', label: 'prize value' },
          { value: '1 entry', label: 'per person' },
          { value: period ? giveawayDay(period.closes) : '', label: 'entries close' },
        ]}
      />
      <CampaignSection id="prize" title="What you win">
        <Points
          items={[
            {
              title: 'Two festival passes',
              text: 'Three days of live music on the lake, with front-area access.',
            },
            {
              title: 'Two nights, your city',
              text: 'A boutique hotel in any of the 14 Spotreel cities, on dates you pick.',
            },
            {
              title: '$500 of local food',
              text: 'A dining credit for the spots locals film most, wherever you go.',
            },
          ]}
        />
      </CampaignSection>
      <CampaignSection
        id="enter"
        title="Enter"
        lead={closes ? `Free to enter. Entries close ${closes}.` : 'Free to enter.'}
      >
        <div className={styles.formCard}>
          <CampaignForm
            fields={[
              ...FIELDS,
              {
                name: 'accept_rules',
                kind: 'checkbox',
                label: (
                  <>
                    I have read and accept the{' '}
                    <Link to={paths.sweepstakesRules()} target="_blank">
                      official rules
                    </Link>
                    .
                  </>
                ),
              },
            ]}
            submitLabel="Enter the giveaway"
            done={{
              title: 'You’re in — good luck',
              text: 'We pick the winner at random after entries close and email them within five days.',
            }}
          />
          <p className={styles.small}>
            No purchase necessary. Void where prohibited. See the{' '}
            <Link to={paths.sweepstakesRules()}>official rules</Link> for odds and details.
          </p>
        </div>
      </CampaignSection>
    </div>
  );
}
