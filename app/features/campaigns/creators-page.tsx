import { CampaignForm, PERSON_FIELDS, type FieldSpec } from './campaign-form';
import { CampaignHero, CampaignSection, Points } from './campaign-parts';
import styles from './campaigns.module.css';

const FIELDS: FieldSpec[] = [
  ...PERSON_FIELDS,
  { name: 'city', label: 'Your city', kind: 'text', autoComplete: 'address-level2', wide: true },
  { name: 'instagram', label: 'Instagram handle', kind: 'text', placeholder: '@yourname' },
  {
    name: 'tiktok',
    label: 'TikTok handle',
    kind: 'text',
    placeholder: '@yourname',
    hint: 'One of the two is enough.',
  },
  {
    name: 'sample_links',
    label: 'Links to videos you made (up to three)',
    kind: 'links',
    count: 3,
  },
  {
    name: 'about',
    label: 'What do you film? (optional)',
    kind: 'textarea',
    rows: 4,
    maxLength: 1000,
  },
];

/** creators (spec §2.3): become a Spotreel creator. */
export function CreatorsPage() {
  return (
    <div className={styles.page}>
      <CampaignHero
        tone="coral"
        eyebrow="Spotreel creators"
        title="Film the places you love. Get paid for it."
        lead="Locals who know where to eat, drink and stay are the heart of Spotreel. Join them: grow an audience that trusts your taste, and get invited to film new spots first."
        cta={{ href: '#apply', label: 'Apply to create' }}
        facts={[
          { value: '14 cities', label: 'and growing' },
          { value: 'Paid', label: 'collabs with local places' },
          { value: '48 hours', label: 'to hear back' },
        ]}
      />
      <CampaignSection id="why" title="Why creators choose Spotreel">
        <Points
          items={[
            {
              title: 'An audience that goes',
              text: 'People watch to decide where to go tonight. Your videos send real guests through real doors.',
            },
            {
              title: 'Paid collaborations',
              text: 'Owners on Spotreel invite creators to film their places, and pay for it.',
            },
            {
              title: 'Early access',
              text: 'Openings, tastings and previews in your city, before everyone else.',
            },
          ]}
        />
      </CampaignSection>
      <CampaignSection id="look" title="What we look for">
        <ul className={styles.checklist}>
          <li>Short, honest videos of places you actually go to.</li>
          <li>A city you know well — the side streets, not only the famous spots.</li>
          <li>Vertical video, sound on, no more than a minute.</li>
        </ul>
      </CampaignSection>
      <CampaignSection
        id="apply"
        title="Apply"
        lead="Tell us who you are and show us a few videos."
      >
        <div className={styles.formCard}>
          <CampaignForm
            fields={FIELDS}
            submitLabel="Send my application"
            done={{
              title: 'Application received',
              text: 'Our creator team watches every sample. You will hear from us within 48 hours.',
            }}
          />
        </div>
      </CampaignSection>
    </div>
  );
}
