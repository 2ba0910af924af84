import type { Location } from '../../../contract/locations';

export type LocationClass = 'hospitality' | 'non-hospitality';

const HOSPITALITY_SUPER_CATEGORIES = ['dining', 'nightlife', 'hotel', 'experiences'];
const NON_HOSPITALITY_CATEGORIES = ['business-and-professional-services', 'health-and-medicine'];

type Classifiable = Pick<Location, 'super_categories'> & {
  tags: Pick<Location['tags'], 'categories' | 'cuisines' | 'food_and_drink'>;
};

/**
 * spec §4 location classification. Non-hospitality when super_categories includes shopping, or
 * is empty, or a business-and-professional-services / health-and-medicine category is present;
 * else hospitality when it has a hospitality super category or any cuisines or food_and_drink.
 */
export function classifyLocation(location: Classifiable): LocationClass {
  const supers = location.super_categories;
  if (
    supers.includes('shopping') ||
    supers.length === 0 ||
    location.tags.categories.some((c) => NON_HOSPITALITY_CATEGORIES.includes(c.safe_name))
  ) {
    return 'non-hospitality';
  }
  if (
    supers.some((s) => HOSPITALITY_SUPER_CATEGORIES.includes(s)) ||
    location.tags.cuisines.length > 0 ||
    location.tags.food_and_drink.length > 0
  ) {
    return 'hospitality';
  }
  return 'non-hospitality';
}
