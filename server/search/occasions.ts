import type { SuperCategory } from '../../contract/classifications';

/**
 * Meal and occasion words (spec §7 search, ADR 076): "dinner", "brunch", "happy hour" name no
 * classification of their own; each names the kinds of places that answer it. A place answers
 * when one of its `rules` holds: its kind (super category) is one of `kinds` — its first super
 * category when `firstKindOnly` (a food tour lists dining second, and is no place for dinner),
 * else any of them — and it carries one of `tags` (classification safe names; none: any place of
 * the kind). Places of no hospitality kind (a dentist, an accountant) have no super category, so
 * they never answer.
 */
export interface OccasionRule {
  kinds: SuperCategory[];
  firstKindOnly: boolean;
  tags: string[];
  /** Places carrying one of these do not answer by this rule (a brunch café is no dinner). */
  except?: string[];
  /** A place answering by a practical category answers by what it is when it carries one of these too. */
  strongWith?: string[];
}

export interface Occasion {
  /** The words people type for it, the first its name ("late night", "open late"). */
  words: string[];
  rules: OccasionRule[];
}

const first = (kinds: SuperCategory[], tags: string[] = []): OccasionRule => ({
  kinds,
  firstKindOnly: true,
  tags,
});
const any = (kinds: SuperCategory[], tags: string[] = []): OccasionRule => ({
  kinds,
  firstKindOnly: false,
  tags,
});

export const OCCASIONS: Record<string, Occasion> = {
  dinner: {
    words: ['dinner', 'supper'],
    rules: [{ ...first(['dining'], ['restaurant']), except: ['cafe', 'bake-shop'] }],
  },
  lunch: { words: ['lunch'], rules: [first(['dining'], ['restaurant', 'food-hall'])] },
  brunch: {
    words: ['brunch'],
    rules: [first(['dining'], ['brunch', 'bottomless-mimosas', 'brunch-spot'])],
  },
  breakfast: {
    words: ['breakfast'],
    rules: [first(['dining'], ['brunch', 'brunch-spot', 'cafe', 'bake-shop', 'pastries'])],
  },
  coffee: { words: ['coffee'], rules: [first(['dining'], ['cafe'])] },
  // A bar in a hotel pours drinks; a bowling alley with a bar is for bowling.
  drinks: {
    words: ['drinks', 'a drink'],
    rules: [
      first(['nightlife']),
      any(['nightlife'], ['cocktail-bar', 'wine-bar', 'brewery', 'dive-bar']),
    ],
  },
  'happy-hour': { words: ['happy hour'], rules: [any(['nightlife'], ['happy-hour'])] },
  'late-night': {
    words: ['late night', 'open late'],
    rules: [first(['nightlife']), first(['dining'], ['late-night-eats', 'late-night'])],
  },
  'date-night': {
    words: ['date night', 'date', 'romantic'],
    // Date Night is a practical category any place may carry: a wine list or a tasting menu says
    // the place is made for one.
    rules: [
      {
        ...any(['dining', 'nightlife'], ['date-night']),
        strongWith: ['cocktails', 'natural-wine', 'tasting-menu', 'sake', 'oysters'],
      },
    ],
  },
};

/**
 * How a place answers the occasion: 'kind' by what its kind is (its super category, a business
 * category, cuisine or drink), 'tag' only by a practical category a place may carry whatever it
 * is ("Brunch Spot" on a taqueria), null not at all. The first come first.
 */
export function answers(
  occasion: Occasion,
  superCategories: readonly string[],
  carries: (safeName: string) => 'kind' | 'tag' | null,
): 'kind' | 'tag' | null {
  let found: 'kind' | 'tag' | null = null;
  for (const rule of occasion.rules) {
    const kinds = rule.firstKindOnly ? superCategories.slice(0, 1) : superCategories;
    if (!kinds.some((k) => (rule.kinds as string[]).includes(k))) continue;
    if (rule.except?.some((tag) => carries(tag) !== null)) continue;
    if (rule.tags.length === 0) return 'kind';
    for (const tag of rule.tags) {
      const how = carries(tag);
      if (how === 'kind') return 'kind';
      if (how === 'tag') {
        if (rule.strongWith?.some((t) => carries(t) === 'kind')) return 'kind';
        found = 'tag';
      }
    }
  }
  return found;
}
