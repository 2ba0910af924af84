import { Heart } from 'lucide-react';
import type { LocationFollows } from '../../contract/locations';
import { idFromLocationIdentifier } from '../../contract/slug';
import { NotFound } from '../layout/page-header';
import { AppActionButton } from '../features/app-install/app-action-button';
import { businessEntryTarget } from '../features/business/business-entry';
import { LocationPage, type LocationPageData } from '../features/locations/location-page';
import { breadcrumbJsonLd, placeJsonLd } from '../features/seo/structured-data';
import { FIRST_PAGE_SIZE } from '../features/locations/use-paged-videos';
import { ShareButton } from '../features/sharing/share-button';
import { useBusinessEntryDefault } from '../flags';
import { paths } from '../paths';
import { useRootData } from '../root-data';
import { placeCard } from '../components/ui/poster-card';
import { defineScreen } from './screen-module';

type LocationData =
  (LocationPageData & { source: string; follows: LocationFollows | null }) | { location: null };

/** Place page `locations/:locationIdentifier` and `location/:citySlug/:locationIdentifier` (spec §2.4). */
export const screen = defineScreen<LocationData>({
  async load({ reads, screen, url }) {
    const id = idFromLocationIdentifier(screen.params.locationIdentifier ?? '');
    if (id === null) return { location: null };
    const [location, videos, tips, related, follows] = await Promise.all([
      // The place first: its read answers whether it exists for the others.
      reads.location({ id }),
      reads.locationVideos({ id }, { per_page: FIRST_PAGE_SIZE }),
      reads.locationTips({ id }),
      reads.relatedLocations({ id }, { use_cache: '1', use_only_cache: '1' }),
      reads.locationFollows({ id }),
    ]);
    if (!location) return { location: null };
    return {
      location,
      videos,
      tips,
      related: (related?.data ?? []).map(placeCard),
      follows,
      source: url.searchParams.get('utm_source') ?? '',
    };
  },
  meta: (data, screen, origin) => {
    const location = data.location;
    if (!location)
      return {
        title: 'Place not found · Spotreel',
        description: 'This place is not on Spotreel.',
        status: 404,
      };
    const canonicalPath = paths.locationInCity(location.city_slug, location.clm_slug);
    return {
      ...(namesAnother(screen.params, location) ? { redirect: canonicalPath } : {}),
      title: `${location.clm_name} — ${location.clm_label} in ${location.clm_city} · Spotreel`,
      description: `${location.clm_prompt} ${location.review_count} videos by locals in ${location.clm_neighborhood}, ${location.clm_city}.`,
      canonicalPath,
      social: {
        type: 'website',
        image: location.poster_url
          ? { url: location.poster_url, width: 360, height: 640, alt: location.clm_name }
          : null,
      },
      jsonLd: [
        placeJsonLd(location, origin, origin + canonicalPath),
        breadcrumbJsonLd(
          [
            { name: 'Spotreel', path: paths.home() },
            {
              name: location.clm_city,
              path: paths.city(location.city.state_slug, location.city.city_slug),
            },
            { name: location.clm_name, path: canonicalPath },
          ],
          origin,
        ),
      ],
    };
  },
  shareResource: (data) => (data.location ? { type: 'location', id: data.location.clm_id } : null),
  Screen: ({ data }) => (data.location ? <Place data={data} /> : <NotFound what="place" />),
});

/**
 * Whether the address names this place with a wrong slug (only the id decides which place,
 * ADR 006): `location/:citySlug/:locationIdentifier` must be the place's own two slugs;
 * `locations/:locationIdentifier` its own slug or the bare id.
 */
function namesAnother(
  params: Record<string, string>,
  location: { city_slug: string; clm_slug: string; clm_id: number },
): boolean {
  const identifier = params.locationIdentifier ?? '';
  if (params.citySlug !== undefined)
    return params.citySlug !== location.city_slug || identifier !== location.clm_slug;
  return identifier !== location.clm_slug && identifier !== String(location.clm_id);
}

function Place({ data }: { data: LocationPageData & { source: string } }) {
  const root = useRootData();
  const defaultTarget = useBusinessEntryDefault();
  const path = paths.locationInCity(data.location.city_slug, data.location.clm_slug);
  const claimHref = businessEntryTarget({
    location: data.location,
    source: data.source,
    defaultTarget,
    claimSiteUrl: root?.config.claimBusinessUrl ?? '',
  });
  return (
    <LocationPage
      data={data}
      claimHref={claimHref}
      actions={
        <>
          <AppActionButton action="follow-location" icon={<Heart aria-hidden="true" />}>
            Follow
          </AppActionButton>
          <ShareButton title={data.location.clm_name} path={path} />
        </>
      }
    />
  );
}
