import { Heart } from 'lucide-react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/place';
import { NotFound } from '../components/ui/page-header';
import { placeCard } from '../components/ui/poster-card';
import type { PageHandle } from '../layout/screen-layout';
import { AppActionButton } from '../features/app-install/app-action-button';
import { businessEntryTarget } from '../features/business/business-entry';
import { dashboardHref } from '../features/business/dashboard-data';
import { LocationPage } from '../features/locations/location-page';
import { FIRST_PAGE_SIZE } from '../features/locations/use-paged-videos';
import { routeMeta } from '../shared/seo/page-meta';
import { breadcrumbJsonLd, placeJsonLd } from '../shared/seo/structured-data';
import { ShareButton } from '../features/sharing/share-button';
import { useShareTracker } from '../features/sharing/use-share-tracker';
import { useBusinessEntryDefault } from '../flags';
import { consumerLoader, webContext } from '../load-context';
import { paths } from '../paths';
import { useRootData } from '../root-data';
import { useAuth } from '../shared/auth/auth';
import { idFromLocationIdentifier } from '../../contract/slug';

/**
 * Place page `locations/:locationIdentifier` and `location/:citySlug/:locationIdentifier`
 * (spec §2.4). Only the id decides which place (ADR 006): a wrong slug moves to its own address.
 */
export const loader = consumerLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const { reads } = context.get(webContext);
  const id = idFromLocationIdentifier(params.locationIdentifier);
  if (id === null) return data({ location: null }, { status: 404 });
  const [location, videos, tips, related, follows, topics] = await Promise.all([
    // The place first: its read answers whether it exists for the others.
    reads.location({ id }),
    reads.locationVideos({ id }, { page: 1, per_page: FIRST_PAGE_SIZE }),
    reads.locationTips({ id }),
    reads.relatedLocations({ id }, { use_cache: true, use_only_cache: true }),
    reads.locationFollows({ id }),
    reads.locationTopics({ id }),
  ]);
  if (!location) return data({ location: null }, { status: 404 });
  const own = paths.locationInCity(location.city_slug, location.clm_slug);
  if (namesAnother(params, location)) throw redirect(own + url.search, 301);
  return {
    location,
    videos,
    tips,
    related: (related?.data ?? []).map(placeCard),
    follows,
    topics: topics?.data ?? [],
    source: url.searchParams.get('utm_source') ?? '',
  };
});

/**
 * Whether the address names this place with a wrong slug: `location/:citySlug/:locationIdentifier`
 * must be the place's own two slugs; `locations/:locationIdentifier` its own slug or the bare id.
 */
function namesAnother(
  params: { citySlug?: string; locationIdentifier: string },
  location: { city_slug: string; clm_slug: string; clm_id: number },
): boolean {
  const identifier = params.locationIdentifier;
  if (params.citySlug !== undefined)
    return params.citySlug !== location.city_slug || identifier !== location.clm_slug;
  return identifier !== location.clm_slug && identifier !== String(location.clm_id);
}

export const handle: PageHandle = { screen: 'location' };

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, ({ location }, origin) => {
    if (!location)
      return { title: 'Place not found · Spotreel', description: 'This place is not on Spotreel.' };
    const canonicalPath = paths.locationInCity(location.city_slug, location.clm_slug);
    return {
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
  });

export default function Place({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const defaultTarget = useBusinessEntryDefault();
  const { user } = useAuth();
  useShareTracker(
    loaderData.location ? { type: 'location', id: loaderData.location.clm_id } : null,
  );
  if (!loaderData.location) return <NotFound what="place" />;
  const place = loaderData.location;
  const claimHref = businessEntryTarget({
    location: place,
    source: loaderData.source,
    defaultTarget,
    claimSiteUrl: root?.config.claimBusinessUrl ?? '',
  });
  // Its owner manages it instead of claiming it: the session user's businesses are known to the
  // server render (a signed-in page is nobody else's: ADR 070) and after a sign-in here.
  const owns = user?.businesses.some((business) => business.clm_id === place.clm_id) ?? false;
  return (
    <LocationPage
      data={loaderData}
      claimHref={claimHref}
      manageHref={owns ? dashboardHref('overview', place.clm_id) : null}
      actions={
        <>
          <AppActionButton action="follow-location" icon={<Heart aria-hidden="true" />}>
            Follow
          </AppActionButton>
          <ShareButton
            title={place.clm_name}
            path={paths.locationInCity(place.city_slug, place.clm_slug)}
          />
        </>
      }
    />
  );
}
