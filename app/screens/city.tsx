import type { City } from '../../contract/cities';
import type { CityFeed } from '../../contract/feeds';
import { NotFound, PageHeader } from '../components/layout/page-header';
import { defineScreen } from './screen-module';
import { VideoGrid } from '../components/ui/video-grid';
import styles from './screens.module.css';

interface CityData {
  city: City | null;
  feed: CityFeed | null;
}

/** City page `city/:stateSlug/:citySlug` (issue 4 adds the strips, cuisines and endless feed). */
export const screen = defineScreen<CityData>({
  async load({ api, screen }) {
    const slug = `${screen.params.citySlug ?? ''}-${screen.params.stateSlug ?? ''}`;
    const route = await api.get<{ target: City }>(`/api/v2/routes/${encodeURIComponent(slug)}`, {
      target_type: 'city',
    });
    const city = route?.target ?? null;
    const feed = city
      ? await api.get<CityFeed>(`/api/v2/cities/${city.clm_id}/feed`, { limit: 10 })
      : null;
    return { city, feed };
  },
  meta: ({ city }) =>
    city
      ? {
          title: `Best spots in ${city.clm_city}, ${city.clm_state} · Spotreel`,
          description: `Restaurants, bars, hotels, experiences and shops in ${city.clm_city}, in short videos by locals.`,
        }
      : {
          title: 'City not found · Spotreel',
          description: 'This city is not on Spotreel yet.',
          status: 404,
        },
  Screen: ({ data }) =>
    data.city ? (
      <>
        <PageHeader
          eyebrow={data.city.clm_state_name}
          title={data.city.clm_city}
          lead={`What locals love in ${data.city.clm_city} right now.`}
        />
        <div className={`page-width ${styles.videos}`}>
          <VideoGrid
            reviews={data.feed?.content ?? []}
            label={`Videos from ${data.city.clm_city}`}
          />
        </div>
      </>
    ) : (
      <NotFound what="city" />
    ),
});
