import type { TopicLink } from '../../../contract/topics';
import { LinkChips } from './link-chips';

/** How a link names a topic: "Pizza in Wicker Park", or without the place when it goes without saying. */
export const topicLinkText = (topic: TopicLink, withPlace = true) =>
  withPlace ? `${topic.title} in ${topic.neighborhood || topic.city_name}` : topic.title;

/**
 * Links to topic pages as chips with their counts (spec §2.6): the city page's strongest topics,
 * a topic page's neighbours, a place page's "more {kind} in …".
 */
export function TopicLinks({
  topics,
  label,
  withPlace = true,
  prefix = '',
  testId,
}: {
  topics: TopicLink[];
  label: string;
  withPlace?: boolean;
  prefix?: string;
  testId?: string;
}) {
  if (topics.length === 0) return null;
  const chips = topics.map((topic) => ({
    key: topic.path,
    to: topic.path,
    text: prefix + topicLinkText(topic, withPlace),
    count: topic.location_count,
  }));
  return <LinkChips chips={chips} label={label} testId={testId} />;
}
