import { z } from 'zod';
import { idFromDigits } from './storable';
import { WEEK_DAYS } from './week-days';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A web address as people type it: the scheme is optional, https:// is assumed. */
export const WebsiteInput = z
  .string()
  .trim()
  .max(300, 'Website must be at most 300 characters')
  .transform((value, ctx) => {
    if (!value) return null;
    const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
    try {
      const url = new URL(withScheme);
      if (!url.hostname.includes('.')) throw new Error('no dot');
      return url.href;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Enter a website like example.com' });
      return z.NEVER;
    }
  });

/** US state: two letters. */
const UsState = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Use the two-letter state, like IL')
  .transform((value) => value.toUpperCase());

/** spec §2.2 claim-business: the form, prefilled from the business-entry query. */
export const ClaimBody = z
  .object({
    owner_name: text('Your name', 120),
    position: text('Your role', 60),
    business_name: text('Business name', 200),
    business_website: WebsiteInput.optional(),
    address: z.object({
      addr_line1: text('Street address', 200),
      city: text('City', 120),
      state: UsState,
      postal: z
        .string()
        .trim()
        .regex(/^[0-9]{5}(-[0-9]{4})?$/, 'Use a 5-digit ZIP code, like 60601'),
    }),
    email: z.string().trim().email('Enter an email address like you@example.com').max(320),
    phone: z
      .string()
      .trim()
      .refine(
        (value) => /^\+?[0-9 ().-]+$/.test(value) && /^[0-9]{7,15}$/.test(value.replace(/\D/g, '')),
        'Enter a phone number, like (312) 555-0101',
      ),
    utm_source: z.string().trim().max(100).optional(),
  })
  .meta({ id: 'BusinessClaim' });
export type ClaimBody = z.input<typeof ClaimBody>;

export const ClaimReceived = z
  .object({
    status: z.literal('received'),
    claim_id: z.number().int(),
    /** The listed place this claim names, when one matched. */
    location_id: z.number().int().nullable(),
    receipt: z
      .string()
      .describe(
        'What the claimer shows to see their claim again (claim-business/complete?claim=…): the claim id and a mark only this server makes',
      ),
  })
  .meta({ id: 'BusinessClaimReceived' });
export type ClaimReceived = z.infer<typeof ClaimReceived>;

const RECEIPT_RULE = 'A claim receipt is the claim number, a dot and 43 letters, digits, - or _';

/** GET /api/biz/claims/{receipt}: `{claim_id}.{mark}` (docs/decisions/031-addresses-and-statuses.md). */
export const ClaimReceiptParams = z.object({
  receipt: z
    .string()
    .regex(/^[0-9]{1,10}\.[A-Za-z0-9_-]{43}$/, RECEIPT_RULE)
    .refine((receipt) => idFromDigits(receipt.split('.')[0]!) !== null, RECEIPT_RULE),
});

/** A claim its receipt names: what claim-business/complete confirms. */
export const ClaimStatus = z
  .object({
    status: z.literal('received'),
    claim_id: z.number().int(),
    business_name: z.string(),
  })
  .meta({ id: 'BusinessClaimStatus' });
export type ClaimStatus = z.infer<typeof ClaimStatus>;

const Time = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use a 24-hour time like 09:30');

/** A week of opening hours: each day open–close, or closed (both null). */
export const HoursInput = z
  .array(z.object({ day: z.enum(WEEK_DAYS), open: Time.nullable(), close: Time.nullable() }))
  .length(7, 'Give all seven days')
  .superRefine((days, ctx) => {
    days.forEach((day, index) => {
      if (day.day !== WEEK_DAYS[index])
        ctx.addIssue({ code: 'custom', path: [index, 'day'], message: 'Days go Monday to Sunday' });
      if ((day.open === null) !== (day.close === null))
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `${day.day}: give both opening and closing times, or mark it closed`,
        });
      if (day.open !== null && day.open === day.close)
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `${day.day}: opening and closing times are the same`,
        });
    });
  });

/** What an owner may change on the dashboard's Info tab. */
export const ListingInfoBody = z
  .object({
    website: WebsiteInput.nullable(),
    description: text('Description', 1000),
    hours: HoursInput,
  })
  .meta({ id: 'ListingInfoChange' });
export type ListingInfoBody = z.input<typeof ListingInfoBody>;

export const ListingInfo = z
  .object({
    clm_id: z.number().int(),
    website: z.string().nullable(),
    description: z.string(),
    hours: z.array(
      z.object({ day: z.string(), open: z.string().nullable(), close: z.string().nullable() }),
    ),
    phone: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ListingInfo' });
export type ListingInfo = z.infer<typeof ListingInfo>;

export const GROWTH_RANGES = [7, 30, 90] as const;
export const GrowthQuery = z.object({
  range: z.coerce
    .number()
    .refine((value) => (GROWTH_RANGES as readonly number[]).includes(value), 'must be 7, 30 or 90')
    .default(30),
});

export const GrowthDay = z.object({
  date: z.string().describe('UTC day, YYYY-MM-DD'),
  views: z.number().int(),
  watched_minutes: z.number(),
  new_followers: z.number().int(),
  followers: z.number().int().describe('Followers at the end of the day'),
  shares: z.number().int(),
});
export type GrowthDay = z.infer<typeof GrowthDay>;

export const Growth = z
  .object({
    clm_id: z.number().int(),
    range: z.number().int(),
    days: z.array(GrowthDay),
    totals: z.object({
      views: z.number().int(),
      watched_minutes: z.number(),
      new_followers: z.number().int(),
      followers: z.number().int(),
      shares: z.number().int(),
    }),
    previous: z
      .object({
        views: z.number().int(),
        new_followers: z.number().int(),
        shares: z.number().int(),
      })
      .describe('The same counts over the range before this one, for comparison'),
  })
  .meta({ id: 'BusinessGrowth' });
export type Growth = z.infer<typeof Growth>;
