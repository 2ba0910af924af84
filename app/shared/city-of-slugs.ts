import type { Reads } from '../../contract/endpoints';

/**
 * The city an address's state and city slugs name: looked up by its whole slug
 * ("kansas-city-mo"), then held to the two parts, so `/city/city-mo/kansas` names no city.
 */
export async function cityOfSlugs(reads: Reads, params: { stateSlug: string; citySlug: string }) {
  const slug = `${params.citySlug}-${params.stateSlug}`;
  const route = await reads.route({ slug }, { target_type: 'city' });
  if (route?.targetType !== 'city') return null;
  const city = route.target;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return same(city.state_slug, params.stateSlug) && same(city.city_slug, params.citySlug)
    ? city
    : null;
}
