/**
 * The plain facts of the campaign forms, shared by the pages (no zod in the browser) and the
 * server's schemas (contract/campaigns.ts).
 */
export const CAMPAIGNS = [
  'scholarship',
  'kygo-sweepstakes',
  'creators',
  'communityround',
  'trytibbs',
] as const;
export type Campaign = (typeof CAMPAIGNS)[number];

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export const SERVICE_BRANCHES = [
  'Army',
  'Navy',
  'Air Force',
  'Marine Corps',
  'Coast Guard',
  'Space Force',
  'National Guard',
] as const;

export const ESSAY_MIN = 200;
export const ESSAY_MAX = 4000;

export const INTEREST_AMOUNTS = [
  '$100–$499',
  '$500–$999',
  '$1,000–$4,999',
  '$5,000 or more',
] as const;

export const GIVEAWAY_MIN_AGE = 18;

/** Age on `day` of someone born on `birth` (YYYY-MM-DD), in whole years. */
export function ageOn(birth: string, day: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = day.getUTCFullYear() - y;
  if (day.getUTCMonth() + 1 < m || (day.getUTCMonth() + 1 === m && day.getUTCDate() < d)) age--;
  return age;
}
