import type { Environment } from '../../contract/environment';
import { AppDownloadPanel } from '../features/app-install/app-download-panel';
import { LandingPage, type LandingData } from '../features/landing/landing-page';
import { SearchBox } from '../features/search/search-box';
import { defineScreen } from './screen-module';

/** spec §9: the default featured review id, 448782 in production and 148734 elsewhere. */
export const featuredReviewId = (environment: Environment) =>
  environment === 'production' ? 448782 : 148734;

export const screen = defineScreen<LandingData>({
  async load({ reads, environment }) {
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
  },
  meta: (_data, screen) => ({
    title: 'Spotreel — find your next favourite spot',
    description:
      'Short videos of the best restaurants, bars, hotels, experiences and shops, filmed by the locals who love them.',
    canonicalPath: '/',
    // spec §2.4: any other path shows the landing page, as a 404 (ADR 031)
    ...(screen.unknownPath ? { status: 404 } : {}),
  }),
  Screen: ({ data }) => (
    <LandingPage
      data={data}
      download={<AppDownloadPanel />}
      search={<SearchBox placeholder="Search spots, cuisines, cities" />}
    />
  ),
});
