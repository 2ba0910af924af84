import type { Reads } from '../../../contract/endpoints';
import { SUPER_CATEGORIES } from '../../../contract/super-categories';
import { placeCard } from '../../components/ui/poster-card';
import { paths } from '../../paths';
import type { PageMeta } from '../../shared/seo/page-meta';
import { cityOfSlugs } from '../../shared/city-of-slugs';
import { breadcrumbJsonLd } from '../../shared/seo/structured-data';
import type { CityData } from './city-page';
import { CITY_FEED_LIMIT } from './use-city-feed';
import { CLASSIFICATIONS_PER_PAGE } from './use-classification-pages';

/** Places per strip: a taste of each kind; its "See all" opens the city's results of that kind. */
const STRIP_PLACES = 8;
/** The city's strongest topic pages it links (spec §2.6). */
const TOPICS_LINKED = 12;

export type LoadedCity = CityData | { city: null };

/** A city page's data: the city its two slugs name, its feed, kinds and best places. */
export async function loadCity(
  reads: Reads,
  params: { stateSlug: string; citySlug: string },
): Promise<LoadedCity> {
  const city = await cityOfSlugs(reads, params);
  if (!city) return { city: null };
  const [feed, topics, cuisines, categories, ...strips] = await Promise.all([
    reads.cityFeed({ id: city.clm_id }, { limit: CITY_FEED_LIMIT, start: 0 }),
    reads.cityTopics({ id: city.clm_id }, { limit: TOPICS_LINKED }),
    reads.cuisines(
      {},
      {
        city_id: city.clm_id,
        pinned_first: true,
        page: 1,
        per_page: CLASSIFICATIONS_PER_PAGE,
      },
    ),
    reads.practicalCategories(
      {},
      { city_id: city.clm_id, page: 1, per_page: CLASSIFICATIONS_PER_PAGE },
    ),
    ...SUPER_CATEGORIES.map((key) =>
      reads.cityTopLocations({ id: city.clm_id }, { super_category: key, limit: STRIP_PLACES }),
    ),
  ]);
  if (!feed) return { city: null };
  const { content, next_start, super_categories } = feed;
  return {
    city,
    // The page's data goes into its HTML (and a navigation's `.data`): not the feed's copy of
    // the city, nor its 12 cuisines (the page's own list has them: 10, then its "More").
    feed: { content, next_start, super_categories },
    topics: topics?.data ?? [],
    cuisines,
    categories,
    strips: SUPER_CATEGORIES.map((key, i) => ({
      key,
      places: (strips[i]?.data ?? []).map(placeCard),
    })),
  };
}

export function cityMeta(data: LoadedCity, origin: string): PageMeta {
  if (!data.city)
    return { title: 'City not found · Spotreel', description: 'This city is not on Spotreel yet.' };
  const { city } = data;
  const canonicalPath = paths.city(city.state_slug, city.city_slug);
  const poster = data.feed.content[0]?.video.poster_url;
  return {
    title: `Best spots in ${city.clm_city}, ${city.clm_state} · Spotreel`,
    description: `Restaurants, bars, hotels, experiences and shops in ${city.clm_city}, in short videos by the locals who love them.`,
    canonicalPath,
    social: {
      type: 'website',
      image: poster ? { url: poster, width: 360, height: 640, alt: city.clm_city } : null,
    },
    jsonLd: [
      breadcrumbJsonLd(
        [
          { name: 'Spotreel', path: paths.home() },
          { name: city.clm_city, path: canonicalPath },
        ],
        origin,
      ),
    ],
  };
}
