import { Smartphone } from 'lucide-react';
import { data } from 'react-router';
import type { Route } from './+types/feed';
import { NotFound } from '../components/ui/page-header';
import type { PageHandle } from '../layout/screen-layout';
import { AppActionButton } from '../features/app-install/app-action-button';
import { FeedScreen } from '../features/feed/feed-screen';
import {
  loadCollection,
  loadUserCollection,
  loadWatchFeed,
  type FeedData,
} from '../features/feed/load-feed';
import { routeMeta } from '../shared/seo/page-meta';
import { ShareButton } from '../features/sharing/share-button';
import { useShareTracker } from '../features/sharing/use-share-tracker';
import { consumerLoader, webContext } from '../load-context';
import { paths } from '../paths';

/**
 * The feed screen of spec §2.4 at its three addresses: `feed` (the home watch list),
 * `collections/:collectionId` and `users/:userIdentifier/collections/:userCollectionId`.
 */
export const loader = consumerLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const { reads } = context.get(webContext);
  const feed =
    params.collectionId !== undefined
      ? await loadCollection(reads, url, params.collectionId)
      : params.userIdentifier !== undefined && params.userCollectionId !== undefined
        ? await loadUserCollection(reads, url, params.userIdentifier, params.userCollectionId)
        : await loadWatchFeed(reads, url);
  return data(feed, { status: feed.title === null ? 404 : 200 });
});

export const handle: PageHandle = { screen: (feed: FeedData) => feed.kind };

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, (feed) =>
    feed.title
      ? {
          title: `${feed.title} · Spotreel`,
          description:
            feed.description || 'Short videos of spots worth the trip, one after another.',
          social: feed.first.items[0]
            ? {
                type: 'video.other',
                image: { url: feed.first.items[0].video.poster_url, width: 360, height: 640 },
              }
            : { type: 'website' },
        }
      : {
          title: 'Collection not found · Spotreel',
          description: 'This collection is not on Spotreel.',
        },
  );

export default function Feed({ loaderData: feed, params }: Route.ComponentProps) {
  useShareTracker(feed.share);
  if (feed.title === null) return <NotFound what="collection" />;
  // A collection's own address (what it shares, and its videos' addresses); the home feed has none.
  const sharePath =
    params.collectionId !== undefined
      ? paths.collection(params.collectionId)
      : params.userIdentifier !== undefined && params.userCollectionId !== undefined
        ? paths.userCollection(params.userIdentifier, params.userCollectionId)
        : null;
  return (
    <FeedScreen
      data={feed}
      feedPath={sharePath ?? paths.feed()}
      actions={(review) => (
        <>
          <AppActionButton
            action="open-in-app"
            variant="secondary"
            iconOnly
            icon={<Smartphone aria-hidden="true" />}
          >
            Open in app
          </AppActionButton>
          <ShareButton
            title={review.location.clm_name}
            path={sharePath ?? paths.review(review.clm_id)}
            iconOnly
          />
        </>
      )}
    />
  );
}
