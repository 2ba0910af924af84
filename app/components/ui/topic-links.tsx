import { Link } from 'react-router';
import type { TopicLink } from '../../../contract/topics';
import styles from './topic-links.module.css';

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
  return (
    <ul className={styles.chips} aria-label={label} data-testid={testId}>
      {topics.map((topic) => (
        <li key={topic.path}>
          <Link to={topic.path}>
            {prefix}
            {topicLinkText(topic, withPlace)} <span>{topic.location_count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
