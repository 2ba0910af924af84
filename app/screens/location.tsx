import type { Location } from '../../contract/locations';
import type { VideoList } from '../../contract/reviews';
import { idFromLocationIdentifier } from '../../contract/slug';
import { Heart } from 'lucide-react';
import { NotFound, PageHeader } from '../components/layout/page-header';
import { AppActionButton } from '../features/app-install/app-action-button';
import { defineScreen } from './screen-module';
import { VideoGrid } from '../components/ui/video-grid';
import styles from './screens.module.css';

interface LocationData {
  location: Location | null;
  videos: VideoList | null;
}

/** Place page `locations/:locationIdentifier` and `location/:citySlug/:locationIdentifier` (issue 4 completes it). */
export const screen = defineScreen<LocationData>({
  async load({ api, screen }) {
    const id = idFromLocationIdentifier(screen.params.locationIdentifier ?? '');
    if (id === null) return { location: null, videos: null };
    const [location, videos] = await Promise.all([
      api.get<Location>(`/api/v2/locations/${id}`),
      api.get<VideoList>(`/api/v3/locations/${id}/videos`, { per_page: 15 }),
    ]);
    return { location, videos };
  },
  meta: ({ location }) =>
    location
      ? {
          title: `${location.clm_name} — ${location.clm_label} in ${location.clm_city} · Spotreel`,
          description: location.clm_prompt,
        }
      : {
          title: 'Place not found · Spotreel',
          description: 'This place is not on Spotreel.',
          status: 404,
        },
  Screen: ({ data }) =>
    data.location ? (
      <>
        <PageHeader
          eyebrow={`${data.location.clm_label} · ${data.location.clm_neighborhood}, ${data.location.clm_city}`}
          title={data.location.clm_name}
          lead={data.location.clm_prompt}
        >
          <div>
            <AppActionButton action="follow-location" icon={<Heart aria-hidden="true" />}>
              Follow
            </AppActionButton>
          </div>
        </PageHeader>
        <div className={`page-width ${styles.videos}`}>
          <VideoGrid
            reviews={data.videos?.data ?? []}
            label={`Videos of ${data.location.clm_name}`}
          />
        </div>
      </>
    ) : (
      <NotFound what="place" />
    ),
});
