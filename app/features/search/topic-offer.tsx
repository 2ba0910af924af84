import { Link } from 'react-router';
import { ListOrdered } from 'lucide-react';
import type { City } from '../../../contract/cities';
import type { Reads } from '../../../contract/endpoints';
import type { SearchResults } from '../../../contract/search';
import { slugify } from '../../../contract/slug';
import { topicTitle } from '../../../contract/topic-rules';
import type { TopicLink } from '../../../contract/topics';
import { topicLinkText } from '../../components/ui/topic-links';
import styles from './topic-offer.module.css';

/** The words of a kind as a search may say them: its slug, its name, its title ("Cocktail Bars"). */
const namesOf = (topic: TopicLink) =>
  [topic.slug, topic.name, topicTitle(topic.kind, topic.name), `${topic.name}s`].map(slugify);

/**
 * The topic page a search names exactly (spec §2.6): its words are a kind and nothing else, and it
 * names a city (or is made in one) and maybe one of its neighbourhoods. Null when the search says
 * more than that, or that topic has no page.
 */
export async function findTopicOffer(
  reads: Reads,
  results: SearchResults | null | 'nothing-asked',
  scopeCity: City | null,
): Promise<TopicLink | null> {
  if (!results || results === 'nothing-asked' || !results.understood) return null;
  const { what, city, neighborhood, cuisine, category, super_category } = results.understood;
  const kinds = [cuisine?.safe_name, category?.safe_name, super_category].filter(Boolean);
  const where = city ?? scopeCity;
  if (kinds.length !== 1 || !where) return null;
  const page = await reads.topic(
    { id: where.clm_id },
    { kind: kinds[0]!, neighborhood: neighborhood ? slugify(neighborhood) : '', limit: 1 },
  );
  if (!page || !namesOf(page.topic).includes(slugify(what))) return null;
  return page.topic;
}

/** "See the list: Best Pizza in Chicago" under the search box. */
export function TopicOffer({ topic }: { topic: TopicLink }) {
  return (
    <p className={styles.offer}>
      <ListOrdered aria-hidden="true" />
      <Link to={topic.path} data-testid="topic-offer">
        Best {topicLinkText(topic)}: {topic.location_count} spots, ranked
      </Link>
    </p>
  );
}
