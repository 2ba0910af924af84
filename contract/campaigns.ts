import { z } from 'zod';
import {
  ageOn,
  CAMPAIGNS,
  ESSAY_MAX,
  ESSAY_MIN,
  GIVEAWAY_MIN_AGE,
  INTEREST_AMOUNTS,
  SERVICE_BRANCHES,
  US_STATES,
  type Campaign,
} from './campaign-options';

export { ageOn, CAMPAIGNS, type Campaign } from './campaign-options';

/**
 * The forms of the campaign pages (spec §2.3; docs/decisions/016-campaigns.md). Every field is
 * checked on the server with a sentence a person can act on.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const fullName = text('Your full name', 120);
const email = z
  .string({ error: 'Your email is required' })
  .trim()
  .email('Enter an email address like you@example.com')
  .max(320);
const zip = z
  .string({ error: 'Your ZIP code is required' })
  .trim()
  .regex(/^[0-9]{5}$/, 'Use a 5-digit ZIP code, like 60601');
const yes = (message: string) =>
  z.boolean({ error: message }).refine((value) => value === true, message);

export const ScholarshipEntry = z
  .object({
    full_name: fullName,
    email,
    branch: z.enum(SERVICE_BRANCHES, { error: 'Choose your branch of service' }),
    years_of_service: z.coerce
      .number({ error: 'Years of service must be a number' })
      .int('Years of service must be a whole number')
      .min(1, 'Years of service must be at least 1')
      .max(50, 'Years of service must be at most 50'),
    school: text('School', 160),
    program: text('Program of study', 160),
    essay: z
      .string({ error: 'Your story is required' })
      .trim()
      .min(ESSAY_MIN, `Tell us a little more: at least ${ESSAY_MIN} characters`)
      .max(ESSAY_MAX, `Keep your story under ${ESSAY_MAX} characters`),
    confirm_veteran: yes('Confirm that you served in the U.S. armed forces'),
  })
  .meta({ id: 'ScholarshipEntry' });

export const SweepstakesEntry = z
  .object({
    full_name: fullName,
    email,
    birth_date: z
      .string({ error: 'Your date of birth is required' })
      .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'Enter your date of birth')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a real date')
      .refine(
        (value) => ageOn(value, new Date()) >= GIVEAWAY_MIN_AGE,
        `You must be ${GIVEAWAY_MIN_AGE} or older to enter`,
      )
      .refine((value) => ageOn(value, new Date()) <= 120, 'Check your date of birth'),
    state: z.enum(US_STATES, { error: 'Choose the state you live in' }),
    zip,
    confirm_eligible: yes('Confirm that you are a legal U.S. resident, 18 or older'),
    accept_rules: yes('Accept the official rules to enter'),
  })
  .meta({ id: 'SweepstakesEntry' });

const handle = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .refine(
      (value) => value === '' || /^[A-Za-z0-9._]{2,30}$/.test(value),
      `${label}: letters, numbers, dots and underscores only`,
    )
    .optional();

export const CreatorApplication = z
  .object({
    full_name: fullName,
    email,
    city: text('Your city', 120),
    instagram: handle('Instagram'),
    tiktok: handle('TikTok'),
    sample_links: z
      .array(z.string().trim().url('Each sample must be a link, like https://…').max(500), {
        error: 'Add a link to a video you made',
      })
      .min(1, 'Add a link to at least one video you made')
      .max(3, 'Add at most three links'),
    about: z.string().trim().max(1000, 'Keep it under 1000 characters').optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.instagram && !value.tiktok)
      ctx.addIssue({
        code: 'custom',
        path: ['instagram'],
        message: 'Add your Instagram or TikTok handle so we can see your work',
      });
  })
  .meta({ id: 'CreatorApplication' });

export const CommunityRoundInterest = z
  .object({
    full_name: fullName,
    email,
    amount: z.enum(INTEREST_AMOUNTS, { error: 'Choose how much you might invest' }),
    accredited: z.boolean().default(false),
    confirm_risk: yes('Confirm that you understand this is not an offer and investing is risky'),
  })
  .meta({ id: 'CommunityRoundInterest' });

export const PartnerOfferSignup = z
  .object({
    full_name: fullName,
    email,
    zip,
    marketing_opt_in: z.boolean().default(false),
  })
  .meta({ id: 'PartnerOfferSignup' });

export const CAMPAIGN_FORMS = {
  scholarship: ScholarshipEntry,
  'kygo-sweepstakes': SweepstakesEntry,
  creators: CreatorApplication,
  communityround: CommunityRoundInterest,
  trytibbs: PartnerOfferSignup,
} as const satisfies Record<Campaign, z.ZodType>;

/** What a person is told when their email already entered this campaign. */
export const DUPLICATE_MESSAGES: Record<Campaign, (email: string) => string> = {
  scholarship: (e) => `You have already applied for the scholarship with ${e}.`,
  'kygo-sweepstakes': (e) =>
    `You have already entered the giveaway with ${e}. One entry per person.`,
  creators: (e) => `You have already applied to become a creator with ${e}. We will be in touch.`,
  communityround: (e) => `You have already reserved your interest with ${e}.`,
  trytibbs: (e) => `You have already claimed this offer with ${e}. Check your inbox for the code.`,
};

export const EntryReceived = z
  .object({
    status: z.literal('received'),
    entry_id: z.number().int(),
    campaign: z.enum(CAMPAIGNS),
  })
  .meta({ id: 'CampaignEntryReceived' });
