import { ESSAY_MAX, ESSAY_MIN, SERVICE_BRANCHES } from '../../../contract/campaign-options';
import { CampaignForm, PERSON_FIELDS, type FieldSpec } from './campaign-form';
import { CampaignHero, CampaignSection, Points } from './campaign-parts';
import styles from './campaigns.module.css';

const FIELDS: FieldSpec[] = [
  ...PERSON_FIELDS,
  {
    name: 'branch',
    label: 'Branch of service',
    kind: 'select',
    options: SERVICE_BRANCHES,
    placeholder: 'Choose a branch',
  },
  { name: 'years_of_service', label: 'Years of service', kind: 'number', inputMode: 'numeric' },
  {
    name: 'school',
    label: 'School',
    kind: 'text',
    autoComplete: 'organization',
    hint: 'Where you study or have been accepted.',
  },
  { name: 'program', label: 'Program of study', kind: 'text' },
  {
    name: 'essay',
    label: 'Your story',
    kind: 'textarea',
    rows: 8,
    minLength: ESSAY_MIN,
    maxLength: ESSAY_MAX,
    hint: 'What would you build for your city with this degree? A few honest paragraphs beat a polished page.',
  },
  {
    name: 'confirm_veteran',
    kind: 'checkbox',
    label: 'I served in the U.S. armed forces and can show a DD-214 if selected.',
  },
];

/** scholarship (spec §2.3): the Spotreel Veterans Scholarship. */
export function ScholarshipPage() {
  return (
    <div className={styles.page}>
      <CampaignHero
        tone="sea"
        eyebrow="The Spotreel Veterans Scholarship"
        title="$5,000 toward what you build next"
        lead="Five scholarships a year for veterans studying hospitality, food, design or the arts — the people who make the places locals love."
        cta={{ href: '#apply', label: 'Apply now' }}
        facts={[
          { value: '5 awards', label: 'every year' },
          { value: '$5,000', label: 'each, paid to your school' },
          { value: 'March 31', label: 'applications close' },
        ]}
      />
      <CampaignSection id="who" title="Who can apply">
        <Points
          items={[
            {
              title: 'Veterans of any branch',
              text: 'Honorably discharged, or serving in the Guard or Reserve.',
            },
            {
              title: 'Studying now or soon',
              text: 'Enrolled or accepted at an accredited U.S. college, trade school or culinary program.',
            },
            {
              title: 'Building something local',
              text: 'Hospitality, food, design, film or the arts: work that makes a neighbourhood better.',
            },
          ]}
        />
      </CampaignSection>
      <CampaignSection id="how" title="How it works">
        <ol className={styles.timeline}>
          <li>
            <strong>Apply by March 31.</strong> One short form and your story.
          </li>
          <li>
            <strong>Review in April.</strong> A panel of veterans and Spotreel locals reads every
            application.
          </li>
          <li>
            <strong>Awards in May.</strong> We call the five recipients and pay their school
            directly.
          </li>
        </ol>
      </CampaignSection>
      <CampaignSection
        id="apply"
        title="Apply"
        lead="It takes about fifteen minutes. We answer every applicant."
      >
        <div className={styles.formCard}>
          <CampaignForm
            fields={FIELDS}
            submitLabel="Send my application"
            done={{
              title: 'Your application is in',
              text: 'Thank you for your service. We read every application and will email you by May 15.',
            }}
          />
        </div>
      </CampaignSection>
    </div>
  );
}
