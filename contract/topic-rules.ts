/**
 * Topic pages (spec §2.6, docs/decisions/080-topic-pages.md): plain values and words, no zod, so
 * the web app, the server and the seed's derived counts share them.
 */

/**
 * A kind gets a topic page in a city, and in one of its neighbourhoods, when it has at least this
 * many places there: five makes a list worth a visit from a search engine, and a neighbourhood
 * with fewer is better served by the city's page (ADR 080).
 */
export const TOPIC_MIN_PLACES = 5;

/** Places a topic page lists, best first. */
export const TOPIC_PLACES = 20;

export const TOPIC_KINDS = ['super_category', 'category', 'cuisine'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

/** A slug as it can appear in a topic address: lower-case letters, digits and hyphens. */
export const isTopicSlug = (text: string) =>
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text) && text.length <= 100;

const UNCOUNTED = /(?:s|ing|medicine|food|wear)$/i;

/**
 * What a topic is called in a title: a category is counted ("Cocktail Bars"), a cuisine or a
 * super category is not ("Pizza", "Nightlife").
 */
export function topicTitle(kind: TopicKind, name: string): string {
  if (kind !== 'category' || UNCOUNTED.test(name)) return name;
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(?:ch|sh|x)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

/** "Wicker Park, Chicago" or "Chicago, IL": where a topic is. */
export const topicPlace = (t: { neighborhood: string; city_name: string; city_state: string }) =>
  t.neighborhood ? `${t.neighborhood}, ${t.city_name}` : `${t.city_name}, ${t.city_state}`;
