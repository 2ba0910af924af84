import { Smartphone } from 'lucide-react';
import { NotFound } from '../layout/page-header';
import { AppActionButton } from '../features/app-install/app-action-button';
import { ReviewPage, type ReviewData } from '../features/reviews/review-page';
import { breadcrumbJsonLd, videoJsonLd } from '../features/seo/structured-data';
import { ShareButton } from '../features/sharing/share-button';
import { recordView } from '../shared/video-player/record-view';
import { VideoPlayer } from '../shared/video-player/video-player';
import { paths } from '../paths';
import { defineScreen } from './screen-module';

/** Review page `reviews/:reviewId` and `listing/:reviewId/:stateSlug/:citySlug/:locationIdentifier` (spec §2.4). */
export const screen = defineScreen<ReviewData | { review: null }>({
  async load({ reads, screen }) {
    const id = screen.params.reviewId ?? '';
    const review = /^\d{1,12}$/.test(id) ? await reads.review({ id: Number(id) }) : null;
    if (!review) return { review: null };
    const more = await reads.locationVideos({ id: review.location.clm_id }, { per_page: 13 });
    return { review, more };
  },
  meta: (data, screen, origin) => {
    const review = data.review;
    if (!review)
      return {
        title: 'Video not found · Spotreel',
        description: 'This video is not on Spotreel.',
        status: 404,
      };
    const place = review.location;
    const canonicalPath = paths.review(review.clm_id);
    // listing/:reviewId/:stateSlug/:citySlug/:locationIdentifier must name the video's own place
    // (its city slug is `{citySlug}-{stateSlug}`, ADR 006); a wrong one moves to the video.
    const { stateSlug, citySlug, locationIdentifier } = screen.params;
    const wrongListing =
      stateSlug !== undefined &&
      (`${citySlug}-${stateSlug}` !== place.city_slug || locationIdentifier !== place.clm_slug);
    return {
      ...(wrongListing ? { redirect: canonicalPath } : {}),
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
  },
  shareResource: (data) => (data.review ? { type: 'review', id: data.review.clm_id } : null),
  Screen: ({ data }) =>
    data.review ? (
      <ReviewPage
        data={data}
        player={<VideoPlayer review={data.review} onView={recordView} priority />}
        actions={
          <>
            <AppActionButton
              action="open-in-app"
              variant="secondary"
              icon={<Smartphone aria-hidden="true" />}
            >
              Open in app
            </AppActionButton>
            <ShareButton
              title={data.review.location.clm_name}
              path={paths.review(data.review.clm_id)}
            />
          </>
        }
      />
    ) : (
      <NotFound what="video" />
    ),
});
