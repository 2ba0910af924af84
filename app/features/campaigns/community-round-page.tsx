import { INTEREST_AMOUNTS } from '../../../contract/campaign-options';
import { CampaignForm, PERSON_FIELDS, type FieldSpec } from './campaign-form';
import { CampaignHero, CampaignSection, Points } from './campaign-parts';
import styles from './campaigns.module.css';

const FIELDS: FieldSpec[] = [
  ...PERSON_FIELDS,
  {
    name: 'amount',
    label: 'How much might you invest?',
    kind: 'select',
    options: INTEREST_AMOUNTS,
    placeholder: 'Choose a range',
    wide: true,
  },
  { name: 'accredited', kind: 'checkbox', label: 'I am an accredited investor (optional).' },
  {
    name: 'confirm_risk',
    kind: 'checkbox',
    label:
      'I understand this is a reservation of interest, not an offer, and that investing in a startup is risky.',
  },
];

/** communityround (spec §2.3): reserve interest in a community round; compact header, no footer. */
export function CommunityRoundPage() {
  return (
    <div className={styles.page}>
      <CampaignHero
        tone="ink"
        eyebrow="The Spotreel community round"
        title="Own a piece of the spots you love"
        lead="We are planning a community round so the locals, creators and owners who built Spotreel can share in it. Reserve your interest now: no money changes hands today."
        cta={{ href: '#reserve', label: 'Reserve my interest' }}
        facts={[
          { value: '$100', label: 'smallest reservation' },
          { value: 'No payment', label: 'today' },
          { value: 'First look', label: 'at the terms' },
        ]}
      />
      <CampaignSection id="why" title="Why a community round">
        <Points
          items={[
            {
              title: 'Built by locals',
              text: 'Every video on Spotreel comes from someone who lives there. They should be able to own part of it.',
            },
            {
              title: 'Small amounts welcome',
              text: 'Reservations start at $100. Everyone sees the same terms.',
            },
            {
              title: 'No obligation',
              text: 'A reservation is not a commitment. You decide when the offer opens.',
            },
          ]}
        />
      </CampaignSection>
      <CampaignSection id="reserve" title="Reserve your interest">
        <div className={styles.formCard}>
          <CampaignForm
            fields={FIELDS}
            submitLabel="Reserve my interest"
            done={{
              title: 'Your interest is reserved',
              text: 'We will email you the terms before the round opens. Nothing to pay now.',
            }}
          />
        </div>
        <p className={styles.small}>
          Spotreel is testing the waters for a possible offering. No money or other consideration is
          being solicited, and none will be accepted. No offer to buy securities can be accepted and
          no part of the purchase price can be received until an offering statement is filed and
          qualified. A reservation of interest involves no obligation or commitment of any kind.
        </p>
      </CampaignSection>
    </div>
  );
}
