import type { Reads } from '../../../contract/endpoints';
import { TOPIC_PLACES, isTopicSlug, topicPlace } from '../../../contract/topic-rules';
import type { TopicPage } from '../../../contract/topics';
import { paths } from '../../paths';
import { cityOfSlugs } from '../../shared/city-of-slugs';
import type { PageMeta } from '../../shared/seo/page-meta';
import { breadcrumbJsonLd, itemListJsonLd } from '../../shared/seo/structured-data';

export type LoadedTopic = TopicPage | { topic: null };

/**
 * A topic page's data (spec §2.6, ADR 080): the city its slugs name, then the topic of its
 * neighbourhood (none: the whole city) and kind. Anything else, an empty combination included
 * (topic_pages holds only those that pass the threshold), is no topic.
 */
export async function loadTopic(
  reads: Reads,
  params: { stateSlug: string; citySlug: string; neighborhood?: string; kind: string },
): Promise<LoadedTopic> {
  const neighborhood = params.neighborhood ?? '';
  if (!isTopicSlug(params.kind) || (neighborhood && !isTopicSlug(neighborhood)))
    return { topic: null };
  const city = await cityOfSlugs(reads, params);
  if (!city) return { topic: null };
  const page = await reads.topic(
    { id: city.clm_id },
    { kind: params.kind, neighborhood, limit: TOPIC_PLACES },
  );
  return page ?? { topic: null };
}

/** "Best Pizza in Wicker Park, Chicago": the words people search for. */
export const topicHeadline = (page: TopicPage) =>
  `Best ${page.topic.title} in ${topicPlace(page.topic)}`;

export function topicMeta(data: LoadedTopic, origin: string): PageMeta {
  if (!data.topic)
    return {
      title: 'Page not found · Spotreel',
      description: 'There is no such list on Spotreel.',
    };
  const { topic, city, places } = data;
  const headline = topicHeadline(data);
  const canonicalPath = topic.path;
  const cityPath = paths.city(city.state_slug, city.city_slug);
  const top = places
    .slice(0, 3)
    .map((p) => p.clm_name)
    .join(', ');
  const poster = places.find((p) => p.poster_url)?.poster_url;
  return {
    title: `${headline} · Spotreel`,
    description: `The ${places.length} best ${topic.title.toLowerCase()} in ${topicPlace(topic)}, ranked by videos from local creators: ${top}. Watch before you go.`,
    canonicalPath,
    social: {
      type: 'website',
      image: poster ? { url: poster, width: 360, height: 640, alt: headline } : null,
    },
    jsonLd: [
      itemListJsonLd(
        headline,
        places.map((p) => ({
          name: p.clm_name,
          path: paths.locationInCity(p.city_slug, p.clm_slug),
        })),
        origin,
      ),
      breadcrumbJsonLd(
        [
          { name: 'Spotreel', path: paths.home() },
          { name: city.clm_city, path: cityPath },
          ...(topic.neighborhood
            ? [
                {
                  name: `${topic.title} in ${city.clm_city}`,
                  path: paths.topic(city.state_slug, city.city_slug, topic.slug),
                },
              ]
            : []),
          { name: headline, path: canonicalPath },
        ],
        origin,
      ),
    ],
  };
}
