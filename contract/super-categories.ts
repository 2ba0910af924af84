/**
 * spec §3 super categories, in the order the product shows them. Plain values with no zod schema,
 * so the web app can import them without defining a second copy of the contract's schemas
 * (CONTRIBUTING.md, footguns).
 */
export const SUPER_CATEGORIES = [
  'dining',
  'nightlife',
  'hotel',
  'experiences',
  'shopping',
] as const;
export type SuperCategory = (typeof SUPER_CATEGORIES)[number];
export const SUPER_CATEGORY_NAMES: Record<SuperCategory, string> = {
  dining: 'Food & Drink',
  nightlife: 'Nightlife',
  hotel: 'Hotels',
  experiences: 'Experiences',
  shopping: 'Shopping',
};
