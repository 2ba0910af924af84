import { useCallback, useMemo, type ReactNode } from 'react';
import type { Review } from '../../../contract/reviews';
import { browserReads } from '../../api/reads';
import { recordView } from '../../shared/video-player/record-view';
import { staticFeedSource, watchFeedSource } from './feed-source';
import { FEED_VIDEO_PARAM, type FeedData } from './load-feed';
import { VideoFeed } from './video-feed';
import styles from './feed-screen.module.css';

/**
 * One full-height feed over the home watch list, a collection or a user collection (spec §2.4).
 * `feedPath` is the feed's own address (each video's is it with `?video=`).
 */
export function FeedScreen({
  data,
  feedPath,
  actions,
}: {
  data: FeedData;
  feedPath: string;
  actions: (review: Review) => ReactNode;
}) {
  const source = useMemo(
    () => (data.all ? staticFeedSource(data.key, data.all) : watchFeedSource(browserReads())),
    [data.key, data.all],
  );
  const addressOf = useCallback(
    (review: Review) => `${feedPath}?${FEED_VIDEO_PARAM}=${review.clm_id}`,
    [feedPath],
  );
  return (
    <div className={styles.feedScreen}>
      <header className={`${styles.intro} visually-hidden-below-desktop`}>
        <h1 className={styles.title}>{data.title}</h1>
        {data.description ? <p className={styles.description}>{data.description}</p> : null}
      </header>
      <VideoFeed
        source={source}
        initial={data.first}
        startAt={data.start}
        addressOf={addressOf}
        title={data.title ?? ''}
        onView={recordView}
        actions={actions}
      />
    </div>
  );
}
