import { data } from 'react-router';
import type { Route } from './+types/topic';
import { NotFound } from '../components/ui/page-header';
import type { PageHandle } from '../layout/screen-layout';
import { loadTopic, topicMeta } from '../features/topics/load-topic';
import { TopicPage } from '../features/topics/topic-page';
import { consumerLoader, webContext } from '../load-context';
import { routeMeta } from '../shared/seo/page-meta';

/**
 * Topic page `city/:stateSlug/:citySlug/:kind` and `city/:stateSlug/:citySlug/:neighborhood/:kind`
 * (spec §2.6, ADR 080): a kind's best places in a city or a neighbourhood. No such topic, or one
 * under the threshold, is a 404.
 */
export const loader = consumerLoader(async ({ params, context }: Route.LoaderArgs) => {
  const { reads } = context.get(webContext);
  const page = await loadTopic(reads, params);
  return data(page, { status: page.topic ? 200 : 404 });
});

export const handle: PageHandle = { screen: 'topic' };

export const meta: Route.MetaFunction = (args) => routeMeta(args, topicMeta);

export default function Topic({ loaderData }: Route.ComponentProps) {
  if (!loaderData.topic) return <NotFound what="list" />;
  return <TopicPage data={loaderData} />;
}
