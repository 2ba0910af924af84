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

/** Words a search for a list starts with that name no kind: "best tacos chicago". */
const LIST_WORDS = /^(?:(?:the )?best|top) /;

/**
 * The topic page a search names exactly (spec §2.6): its words are a kind and nothing else (but
 * "best"), and it names a city (or is made in one) and maybe one of its neighbourhoods. A
 * neighbourhood named without its city is the one of the places found there. Null when the
 * search says more than that, or that topic has no page.
 */
export async function findTopicOffer(
  reads: Reads,
  results: SearchResults | null | 'nothing-asked',
  scopeCity: City | null,
): Promise<TopicLink | null> {
  if (!results || results === 'nothing-asked' || !results.understood) return null;
  const { what, city, neighborhood, cuisine, category, super_category } = results.understood;
  const kinds = [cuisine?.safe_name, category?.safe_name, super_category].filter(Boolean);
  if (kinds.length !== 1) return null;
  const cityId = (city ?? scopeCity)?.clm_id ?? (await cityOfNeighborhood(reads, results));
  if (cityId === undefined) return null;
  const page = await reads.topic(
    { id: cityId },
    { kind: kinds[0]!, neighborhood: neighborhood ? slugify(neighborhood) : '', limit: 1 },
  );
  const words = slugify(what.toLowerCase().replace(LIST_WORDS, ''));
  if (!page || !namesOf(page.topic).includes(words)) return null;
  return page.topic;
}

/** The city of the first place found in the neighbourhood the search named. */
async function cityOfNeighborhood(reads: Reads, results: SearchResults) {
  const neighborhood = results.understood?.neighborhood;
  const place = results.data.locations?.find((p) => p.clm_neighborhood === neighborhood);
  if (!neighborhood || !place) return undefined;
  const route = await reads.route({ slug: place.city_slug }, { target_type: 'city' });
  return route?.targetType === 'city' ? route.target.clm_id : undefined;
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
