import { z } from 'zod';
import { City } from './cities';
import { limitQuery } from './common';
import { LocationSummary } from './locations';
import { TOPIC_KINDS, TOPIC_PLACES, isTopicSlug } from './topic-rules';

const slug = z.string().max(100).refine(isTopicSlug, 'must be a lower-case slug');

/** One topic page (spec §2.6): a kind in a city or in one of its neighbourhoods, and its address. */
export const TopicLink = z
  .object({
    kind: z.enum(TOPIC_KINDS),
    slug: z.string().describe('The kind: a super category key or a classification safe name'),
    name: z.string(),
    title: z.string().describe('How a title names the kind: "Cocktail Bars", "Pizza"'),
    neighborhood: z.string().describe("'' for the whole city"),
    neighborhood_slug: z.string(),
    city_name: z.string(),
    city_state: z.string(),
    location_count: z.number().int(),
    path: z.string().describe('The topic page’s canonical path'),
  })
  .meta({ id: 'TopicLink' });
export type TopicLink = z.infer<typeof TopicLink>;

/** A place on a topic page: what the list shows, and the numbers its "why it ranks" line uses. */
export const TopicPlace = LocationSummary.extend({
  clm_price_level: z.number().int().min(1).max(4).nullable(),
  clm_hours: z.array(
    z.object({ day: z.string(), open: z.string().nullable(), close: z.string().nullable() }),
  ),
  creator_count: z.number().int().describe('Creators who filmed it'),
  top_video_views: z.number().int().describe('Views of its most watched video'),
}).meta({ id: 'TopicPlace' });
export type TopicPlace = z.infer<typeof TopicPlace>;

/** GET /api/v2/cities/{id}/topic: a topic page's list and its neighbouring topics. */
export const TopicPage = z
  .object({
    topic: TopicLink,
    city: City,
    places: z.array(TopicPlace).describe('Best first (rank score, then id)'),
    nearby: z.array(TopicLink).describe('The same kind elsewhere in the city, most places first'),
    here: z.array(TopicLink).describe('Other kinds in the same place, most places first'),
  })
  .meta({ id: 'TopicPage' });
export type TopicPage = z.infer<typeof TopicPage>;

export const TopicQuery = z.object({
  kind: slug,
  neighborhood: z.union([z.literal(''), slug]).default(''),
  limit: limitQuery(TOPIC_PLACES, TOPIC_PLACES),
});

export const TopicListQuery = z.object({ limit: limitQuery(12, 50) });

export const TopicList = z.object({ data: z.array(TopicLink) }).meta({ id: 'TopicList' });
export type TopicList = z.infer<typeof TopicList>;
