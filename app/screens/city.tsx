import { SUPER_CATEGORIES } from '../../contract/super-categories';
import { NotFound } from '../layout/page-header';
import { CityPage, type CityData } from '../features/cities/city-page';
import { SearchBox } from '../features/search/search-box';
import { breadcrumbJsonLd } from '../features/seo/structured-data';
import { CITY_FEED_LIMIT } from '../features/cities/use-city-feed';
import { CLASSIFICATIONS_PER_PAGE } from '../features/cities/use-classification-pages';
import { ShareButton } from '../features/sharing/share-button';
import { paths } from '../paths';
import { placeCard } from '../components/ui/poster-card';
import { defineScreen } from './screen-module';

/** Places per strip: a taste of each kind; its "See all" opens the city's results of that kind. */
const STRIP_PLACES = 8;

/** City page `city/:stateSlug/:citySlug`, resolved through routes/{slug} (spec §2.4). */
export const screen = defineScreen<CityData | { city: null }>({
  async load({ reads, screen }) {
    const slug = `${screen.params.citySlug ?? ''}-${screen.params.stateSlug ?? ''}`;
    const route = await reads.route({ slug }, { target_type: 'city' });
    const city = route?.targetType === 'city' ? route.target : null;
    if (!city) return { city: null };
    const [feed, cuisines, categories, ...strips] = await Promise.all([
      reads.cityFeed({ id: city.clm_id }, { limit: CITY_FEED_LIMIT }),
      reads.cuisines(
        {},
        {
          city_id: String(city.clm_id),
          pinned_first: 'true',
          page: 1,
          per_page: CLASSIFICATIONS_PER_PAGE,
        },
      ),
      reads.practicalCategories(
        {},
        { city_id: String(city.clm_id), page: 1, per_page: CLASSIFICATIONS_PER_PAGE },
      ),
      ...SUPER_CATEGORIES.map((key) =>
        reads.cityTopLocations({ id: city.clm_id }, { super_category: key, limit: STRIP_PLACES }),
      ),
    ]);
    if (!feed) return { city: null };
    return {
      city,
      feed,
      cuisines,
      categories,
      strips: SUPER_CATEGORIES.map((key, i) => ({
        key,
        places: (strips[i]?.data ?? []).map(placeCard),
      })),
    };
  },
  meta: (data, _screen, origin) => {
    if (!data.city)
      return {
        title: 'City not found · Spotreel',
        description: 'This city is not on Spotreel yet.',
        status: 404,
      };
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
  },
  shareResource: (data) => (data.city ? { type: 'city', id: data.city.clm_id } : null),
  Screen: ({ data }) =>
    data.city ? (
      <CityPage
        data={data}
        search={
          <SearchBox
            scopeCity={{
              name: data.city.clm_city,
              stateSlug: data.city.state_slug,
              citySlug: data.city.city_slug,
            }}
            label={`Search ${data.city.clm_city}`}
          />
        }
        actions={
          <ShareButton
            title={`Spotreel: ${data.city.clm_city}`}
            path={paths.city(data.city.state_slug, data.city.city_slug)}
          />
        }
      />
    ) : (
      <NotFound what="city" />
    ),
});
