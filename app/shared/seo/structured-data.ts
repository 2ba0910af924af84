import type { Location } from '../../../contract/locations';
import type { Review } from '../../../contract/reviews';
import { WEEK_DAYS } from '../../../contract/week-days';
import { paths } from '../../paths';

/**
 * schema.org JSON-LD and social-card tags for a page's `meta`. Pure: the screens pass what they
 * loaded and the site origin, and put each object in a `{ 'script:ld+json': object }` entry
 * (React Router escapes it into the page).
 */
export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string } & Record<
  string,
  unknown
>;

const CONTEXT = 'https://schema.org' as const;

/** `pathOrUrl` as an absolute URL: paths (`/media/…`) resolve against the origin, URLs stay. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** Drops absent (undefined) properties, so the JSON holds only what the page knows. */
function defined<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

const nonEmpty = (text: string | null | undefined) => (text ? text : undefined);

export type PlaceSchemaType =
  'Restaurant' | 'BarOrPub' | 'Hotel' | 'TouristAttraction' | 'Store' | 'LocalBusiness';

/**
 * The schema.org type of a place, from its super categories in the order the place lists them:
 * dining counts only with cuisines (a Restaurant serves some); nothing that fits is a LocalBusiness.
 */
export function placeSchemaType(location: Location): PlaceSchemaType {
  for (const superCategory of location.super_categories) {
    switch (superCategory) {
      case 'dining':
        if (location.tags.cuisines.length > 0) return 'Restaurant';
        break;
      case 'nightlife':
        return 'BarOrPub';
      case 'hotel':
        return 'Hotel';
      case 'experiences':
        return 'TouristAttraction';
      case 'shopping':
        return 'Store';
    }
  }
  return 'LocalBusiness';
}

/** A day name of clm_hours (`Monday`, `mon`, …) as a schema.org DayOfWeek URL, or null. */
function dayOfWeekUrl(day: string): string | null {
  const prefix = day.trim().slice(0, 3).toLowerCase();
  const name = WEEK_DAYS.find((d) => d.slice(0, 3).toLowerCase() === prefix);
  return name ? `https://schema.org/${name}` : null;
}

/** clm_hours as OpeningHoursSpecification: closed days left out, days with equal hours together. */
export function openingHoursSpecification(hours: Location['clm_hours']): JsonLd[] {
  const groups = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const { day, open, close } of hours) {
    const url = dayOfWeekUrl(day);
    if (!open || !close || !url) continue;
    const key = `${open}-${close}`;
    const group = groups.get(key) ?? { opens: open, closes: close, days: [] };
    group.days.push(url);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: g.days,
    opens: g.opens,
    closes: g.closes,
  }));
}

/** A place page's LocalBusiness (or subtype) description. */
export function placeJsonLd(location: Location, origin: string, pageUrl: string): JsonLd {
  const type = placeSchemaType(location);
  const hours = openingHoursSpecification(location.clm_hours);
  return defined({
    '@context': CONTEXT,
    '@type': type,
    name: location.clm_name,
    description: nonEmpty(location.clm_prompt) ?? nonEmpty(location.clm_description),
    address: defined({
      '@type': 'PostalAddress',
      streetAddress: nonEmpty(location.clm_address),
      addressLocality: location.clm_city,
      addressRegion: location.clm_state,
      postalCode: nonEmpty(location.clm_zip),
      addressCountry: nonEmpty(location.city.clm_country) ?? 'US',
    }),
    geo: {
      '@type': 'GeoCoordinates',
      latitude: location.clm_lat,
      longitude: location.clm_lon,
    },
    telephone: nonEmpty(location.clm_phone),
    url: nonEmpty(location.links.website) ?? pageUrl,
    image: location.poster_url ? absoluteUrl(location.poster_url, origin) : undefined,
    servesCuisine:
      type === 'Restaurant' ? location.tags.cuisines.map((cuisine) => cuisine.name) : undefined,
    openingHoursSpecification: hours.length > 0 ? hours : undefined,
    // priceRange belongs to LocalBusiness; a TouristAttraction is only a Place.
    priceRange:
      location.clm_price_level && type !== 'TouristAttraction'
        ? '$'.repeat(location.clm_price_level)
        : undefined,
  });
}

/** Milliseconds as an ISO 8601 duration in whole seconds: 6000 → PT6S, 75000 → PT1M15S. */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || total === 0 ? `${s}S` : ''}`;
}

/** A video page's VideoObject. */
export function videoJsonLd(review: Review, origin: string, pageUrl: string): JsonLd {
  const name = `${review.location.clm_name} by @${review.author.clm_username}`;
  const { author } = review;
  return {
    '@context': CONTEXT,
    '@type': 'VideoObject',
    name,
    description: nonEmpty(review.clm_caption) ?? name,
    thumbnailUrl: absoluteUrl(review.video.poster_url, origin),
    contentUrl: absoluteUrl(review.video.mp4_url, origin),
    uploadDate: review.created_at,
    duration: isoDuration(review.video.duration_ms),
    url: pageUrl,
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: review.view_count,
    },
    author: {
      '@type': 'Person',
      name: nonEmpty(author.display_name) ?? `@${author.clm_username}`,
      url: absoluteUrl(paths.user(author.vanity_url || author.clm_username), origin),
    },
  };
}

/** The trail of a page (home › city › place) as a BreadcrumbList, positions from 1. */
export function breadcrumbJsonLd(items: { name: string; path: string }[], origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path, origin),
    })),
  };
}

/** A ranked list of pages (a topic page's places, spec §2.6): best first. */
export function itemListJsonLd(
  name: string,
  items: { name: string; path: string }[],
  origin: string,
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    itemListOrder: 'https://schema.org/ItemListOrderDescending',
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: absoluteUrl(item.path, origin),
    })),
  };
}

export interface SocialImage {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface SocialVideo {
  url: string;
  width?: number;
  height?: number;
  /** MIME type; video/mp4 when absent. */
  type?: string;
}

export interface SocialMetaInput {
  title: string;
  description: string;
  /** The page's absolute URL; image and video paths resolve against its origin. */
  url: string;
  image?: SocialImage | null;
  type: 'website' | 'article' | 'profile' | 'video.other';
  video?: SocialVideo | null;
}

/** A React Router meta descriptor of Open Graph (`property`) or Twitter (`name`). */
export type SocialTag = { property: string; content: string } | { name: string; content: string };

/**
 * Open Graph and Twitter card tags of a page, every URL absolute. og:title, og:description,
 * og:url and og:site_name are not repeated here: pageMeta (page-meta.ts) writes them for every page.
 */
export function socialMeta(input: SocialMetaInput): SocialTag[] {
  const origin = new URL(input.url).origin;
  const size = (prefix: string, media: { width?: number; height?: number }): SocialTag[] => [
    ...(media.width ? [{ property: `${prefix}:width`, content: String(media.width) }] : []),
    ...(media.height ? [{ property: `${prefix}:height`, content: String(media.height) }] : []),
  ];
  const image = input.image ? { ...input.image, url: absoluteUrl(input.image.url, origin) } : null;
  const video = input.video ? { ...input.video, url: absoluteUrl(input.video.url, origin) } : null;
  return [
    { property: 'og:type', content: input.type },
    ...(image
      ? [
          { property: 'og:image', content: image.url },
          ...size('og:image', image),
          ...(image.alt ? [{ property: 'og:image:alt', content: image.alt }] : []),
        ]
      : []),
    ...(video
      ? [
          { property: 'og:video', content: video.url },
          { property: 'og:video:type', content: video.type ?? 'video/mp4' },
          ...size('og:video', video),
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    ...(image
      ? [
          { name: 'twitter:image', content: image.url },
          ...(image.alt ? [{ name: 'twitter:image:alt', content: image.alt }] : []),
        ]
      : []),
  ];
}
