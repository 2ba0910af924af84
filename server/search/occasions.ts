import type { SuperCategory } from '../../contract/classifications';

/**
 * Meal and occasion words (spec §7 search, ADR 076): "dinner", "brunch", "happy hour" name no
 * classification of their own; each names the kinds of places that answer it. A place answers
 * when it carries any of `tags` (classification safe names; none: any place of the kind) and
 * its kind is one of `kinds`: its first super category when `firstKindOnly` (a food tour lists
 * dining second, and is no place for dinner), else any of them. Places that are no kind of
 * hospitality (a dentist, an accountant) have no super category, so they never answer.
 */
export interface Occasion {
  /** The words people type for it, the first its name ("late night", "late-night"). */
  words: string[];
  tags: string[];
  kinds: SuperCategory[];
  firstKindOnly: boolean;
}

export const OCCASIONS: Record<string, Occasion> = {
  dinner: {
    words: ['dinner', 'supper'],
    tags: ['restaurant'],
    kinds: ['dining'],
    firstKindOnly: true,
  },
  lunch: {
    words: ['lunch'],
    tags: ['restaurant', 'food-hall'],
    kinds: ['dining'],
    firstKindOnly: true,
  },
  brunch: {
    words: ['brunch'],
    tags: ['brunch-spot', 'brunch', 'bottomless-mimosas'],
    kinds: ['dining'],
    firstKindOnly: true,
  },
  breakfast: {
    words: ['breakfast'],
    tags: ['brunch-spot', 'brunch', 'cafe', 'bake-shop'],
    kinds: ['dining'],
    firstKindOnly: true,
  },
  coffee: { words: ['coffee'], tags: ['cafe', 'coffee'], kinds: ['dining'], firstKindOnly: true },
  drinks: { words: ['drinks', 'a drink'], tags: [], kinds: ['nightlife'], firstKindOnly: false },
  'happy-hour': {
    words: ['happy hour'],
    tags: ['happy-hour'],
    kinds: ['nightlife'],
    firstKindOnly: false,
  },
  'late-night': {
    words: ['late night', 'late-night', 'open late'],
    tags: ['late-night', 'late-night-eats', 'nightclub'],
    kinds: ['dining', 'nightlife'],
    firstKindOnly: false,
  },
  'date-night': {
    words: ['date night', 'date', 'romantic'],
    tags: ['date-night'],
    kinds: ['dining', 'nightlife'],
    firstKindOnly: false,
  },
};

/** Whether a place answers the occasion: its super categories, and the safe names it carries. */
export function answers(
  occasion: Occasion,
  superCategories: readonly string[],
  carries: (safeName: string) => boolean,
): boolean {
  const kinds = occasion.firstKindOnly ? superCategories.slice(0, 1) : superCategories;
  if (!kinds.some((k) => (occasion.kinds as string[]).includes(k))) return false;
  return occasion.tags.length === 0 || occasion.tags.some(carries);
}
