import { Smartphone } from 'lucide-react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/review';
import { NotFound } from '../components/ui/page-header';
import type { PageHandle } from '../layout/screen-layout';
import { AppActionButton } from '../features/app-install/app-action-button';
import { ReviewPage } from '../features/reviews/review-page';
import { routeMeta } from '../shared/seo/page-meta';
import { breadcrumbJsonLd, videoJsonLd } from '../shared/seo/structured-data';
import { ShareButton } from '../features/sharing/share-button';
import { useShareTracker } from '../features/sharing/use-share-tracker';
import { recordView } from '../shared/video-player/record-view';
import { VideoPlayer } from '../shared/video-player/video-player';
import { consumerLoader, webContext } from '../load-context';
import { paths } from '../paths';
import { idFromDigits } from '../../contract/storable';

/**
 * Review page `reviews/:reviewId` and `listing/:reviewId/:stateSlug/:citySlug/:locationIdentifier`
 * (spec §2.4). A listing address must name the video's own place (its city slug is
 * `{citySlug}-{stateSlug}`, ADR 006); a wrong one moves to the video's own address.
 */
export const loader = consumerLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const { reads } = context.get(webContext);
  const reviewId = idFromDigits(params.reviewId);
  const review = reviewId === null ? null : await reads.review({ id: reviewId });
  if (!review) return data({ review: null }, { status: 404 });
  const place = review.location;
  const { stateSlug, citySlug, locationIdentifier } = params;
  if (
    stateSlug !== undefined &&
    (`${citySlug}-${stateSlug}` !== place.city_slug || locationIdentifier !== place.clm_slug)
  )
    throw redirect(paths.review(review.clm_id) + url.search, 301);
  const more = await reads.locationVideos({ id: place.clm_id }, { page: 1, per_page: 13 });
  return { review, more };
});

export const handle: PageHandle = { screen: 'review' };

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, ({ review }, origin) => {
    if (!review)
      return { title: 'Video not found · Spotreel', description: 'This video is not on Spotreel.' };
    const place = review.location;
    const canonicalPath = paths.review(review.clm_id);
    return {
      title: `${place.clm_name} by @${review.author.clm_username} · Spotreel`,
      description: review.clm_caption,
      canonicalPath,
      social: {
        type: 'video.other',
        image: {
          url: review.video.poster_url,
          width: review.video.width,
          height: review.video.height,
          alt: place.clm_name,
        },
        video: {
          url: review.video.mp4_url,
          type: 'video/mp4',
          width: review.video.width,
          height: review.video.height,
        },
      },
      jsonLd: [
        videoJsonLd(review, origin, origin + canonicalPath),
        breadcrumbJsonLd(
          [
            { name: 'Spotreel', path: paths.home() },
            { name: place.clm_name, path: paths.locationInCity(place.city_slug, place.clm_slug) },
            { name: review.clm_caption, path: canonicalPath },
          ],
          origin,
        ),
      ],
    };
  });

export default function Review({ loaderData }: Route.ComponentProps) {
  useShareTracker(loaderData.review ? { type: 'review', id: loaderData.review.clm_id } : null);
  if (!loaderData.review) return <NotFound what="video" />;
  const { review } = loaderData;
  return (
    <ReviewPage
      data={loaderData}
      player={<VideoPlayer review={review} onView={recordView} priority />}
      actions={
        <>
          <AppActionButton
            action="open-in-app"
            variant="secondary"
            icon={<Smartphone aria-hidden="true" />}
          >
            Open in app
          </AppActionButton>
          <ShareButton title={review.location.clm_name} path={paths.review(review.clm_id)} />
        </>
      }
    />
  );
}
