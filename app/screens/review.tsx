import type { Review } from '../../contract/reviews';
import { Smartphone } from 'lucide-react';
import { NotFound, PageHeader } from '../components/layout/page-header';
import { AppActionButton } from '../features/app-install/app-action-button';
import { defineScreen } from './screen-module';
import { VideoGrid } from '../components/ui/video-grid';
import styles from './screens.module.css';

/** Review page `reviews/:reviewId` and `listing/:reviewId/…` (issue 4 adds the player). */
export const screen = defineScreen<{ review: Review | null }>({
  async load({ api, screen }) {
    const id = screen.params.reviewId ?? '';
    return {
      review: /^\d{1,12}$/.test(id) ? await api.get<Review>(`/api/v2/reviews/${id}`) : null,
    };
  },
  meta: ({ review }) =>
    review
      ? {
          title: `${review.location.clm_name} by @${review.author.clm_username} · Spotreel`,
          description: review.clm_caption,
        }
      : {
          title: 'Video not found · Spotreel',
          description: 'This video is not on Spotreel.',
          status: 404,
        },
  Screen: ({ data }) =>
    data.review ? (
      <>
        <PageHeader
          eyebrow={`@${data.review.author.clm_username}`}
          title={data.review.location.clm_name}
          lead={data.review.clm_caption}
        >
          <div>
            <AppActionButton
              action="open-in-app"
              variant="secondary"
              icon={<Smartphone aria-hidden="true" />}
            >
              Open in app
            </AppActionButton>
          </div>
        </PageHeader>
        <div className={`page-width ${styles.videos}`}>
          <VideoGrid reviews={[data.review]} label="The video" />
        </div>
      </>
    ) : (
      <NotFound what="video" />
    ),
});
