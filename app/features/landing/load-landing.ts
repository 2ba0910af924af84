import type { Environment } from '../../../contract/environment';
import type { Reads } from '../../../contract/endpoints';
import type { LandingData } from './landing-page';

/** spec §9: the default featured review id, 448782 in production and 148734 elsewhere. */
export const featuredReviewId = (environment: Environment) =>
  environment === 'production' ? 448782 : 148734;

/** The landing page's data: the featured video, what locals watch, the cities. */
export async function loadLanding(reads: Reads, environment: Environment): Promise<LandingData> {
  const [featured, watch, cities] = await Promise.all([
    reads.review({ id: featuredReviewId(environment) }),
    reads.watch({}, { limit: 12, result_type: 'global' }),
    reads.cities(),
  ]);
  return {
    featured,
    watch: watch?.results.map((r) => r.video) ?? [],
    cities: cities?.data ?? [],
  };
}

export const LANDING_META = {
  title: 'Spotreel — find your next favourite spot',
  description:
    'Short videos of the best restaurants, bars, hotels, experiences and shops, filmed by the locals who love them.',
  canonicalPath: '/',
};
