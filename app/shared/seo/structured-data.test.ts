import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Location } from '../../../contract/locations';
import type { Review } from '../../../contract/reviews';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  isoDuration,
  openingHoursSpecification,
  placeJsonLd,
  placeSchemaType,
  socialMeta,
  videoJsonLd,
} from './structured-data';

const ORIGIN = 'https://spotreel.app';
const PAGE = `${ORIGIN}/location/chicago-il/the-golden-fig-1234`;

const chicago: Location['city'] = {
  clm_id: 1,
  clm_city: 'Chicago',
  clm_state: 'IL',
  clm_state_name: 'Illinois',
  clm_country: 'US',
  clm_lat: 41.8781,
  clm_lon: -87.6298,
  clm_service_id: 'chicago-il',
  clm_slug: 'chicago-il',
  state_slug: 'il',
  city_slug: 'chicago',
  clm_time_zone: 'America/Chicago',
};

const goldenFig: Location = {
  clm_id: 1234,
  clm_name: 'The Golden Fig',
  clm_label: 'Mediterranean restaurant',
  clm_slug: 'the-golden-fig-1234',
  clm_address: '1550 N Milwaukee Ave',
  clm_city: 'Chicago',
  clm_state: 'IL',
  clm_zip: '60622',
  clm_neighborhood: 'Wicker Park',
  super_categories: ['dining'],
  city_slug: 'chicago-il',
  poster_url: '/media/clips/dining-1.jpg',
  review_count: 9,
  follower_count: 41,
  clm_prompt: 'Wood-fired mezze and natural wine on a Wicker Park corner.',
  clm_description: 'A neighbourhood Mediterranean restaurant.',
  clm_phone: '+1 312-555-0142',
  clm_lat: 41.9097,
  clm_lon: -87.6776,
  clm_price_level: 2,
  clm_hours: [
    { day: 'Monday', open: null, close: null },
    { day: 'Tuesday', open: '11:00', close: '22:00' },
    { day: 'Wednesday', open: '11:00', close: '22:00' },
    { day: 'Thursday', open: '11:00', close: '22:00' },
    { day: 'Friday', open: '11:00', close: '23:00' },
    { day: 'Saturday', open: '11:00', close: '23:00' },
    { day: 'Sunday', open: '11:00', close: '22:00' },
  ],
  links: { website: 'https://goldenfig.example.com' },
  tags: {
    categories: [{ clm_id: 40, safe_name: 'restaurant', name: 'Restaurant' }],
    cuisines: [
      { clm_id: 3, safe_name: 'mediterranean', name: 'Mediterranean' },
      { clm_id: 7, safe_name: 'greek', name: 'Greek' },
    ],
    food_and_drink: [{ clm_id: 21, safe_name: 'natural-wine', name: 'Natural wine' }],
  },
  city: chicago,
};

/** The same place as another kind of business, with its own categories and tags. */
const place = (changes: Partial<Location>): Location => ({ ...goldenFig, ...changes });
const noTags: Location['tags'] = { categories: [], cuisines: [], food_and_drink: [] };

const review: Review = {
  clm_id: 148734,
  clm_caption: 'The lamb shoulder is worth the wait & then some <3',
  created_at: '2026-09-14T18:22:05.000Z',
  view_count: 52_310,
  video: {
    mp4_url: '/media/clips/dining-1.mp4',
    webm_url: '/media/clips/dining-1.webm',
    poster_url: '/media/clips/dining-1.jpg',
    duration_ms: 6_000,
    width: 720,
    height: 1280,
    has_audio: false,
  },
  location: {
    clm_id: 1234,
    clm_name: 'The Golden Fig',
    clm_label: 'Mediterranean restaurant',
    clm_slug: 'the-golden-fig-1234',
    clm_address: '1550 N Milwaukee Ave',
    clm_city: 'Chicago',
    clm_state: 'IL',
    clm_zip: '60622',
    clm_neighborhood: 'Wicker Park',
    super_categories: ['dining'],
    city_slug: 'chicago-il',
    poster_url: '/media/clips/dining-1.jpg',
    review_count: 9,
    follower_count: 41,
  },
  author: {
    clm_id: 77,
    clm_username: 'maya.eats',
    display_name: 'Maya Chen',
    avatar_url: '/media/avatars/maya.svg',
    vanity_url: 'maya.eats',
  },
};

describe('absoluteUrl', () => {
  it('resolves paths against the origin and keeps absolute URLs', () => {
    expect(absoluteUrl('/media/clips/a.jpg', ORIGIN)).toBe(
      'https://spotreel.app/media/clips/a.jpg',
    );
    expect(absoluteUrl('https://cdn.example.com/a.jpg', ORIGIN)).toBe(
      'https://cdn.example.com/a.jpg',
    );
    expect(absoluteUrl('//cdn.example.com/a.jpg', ORIGIN)).toBe('https://cdn.example.com/a.jpg');
    expect(absoluteUrl('/city/il/chicago', 'http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000/city/il/chicago',
    );
  });
});

describe('placeSchemaType', () => {
  it('is a Restaurant for dining with cuisines', () => {
    expect(placeSchemaType(goldenFig)).toBe('Restaurant');
  });

  it('follows the other super categories', () => {
    expect(placeSchemaType(place({ super_categories: ['nightlife'], tags: noTags }))).toBe(
      'BarOrPub',
    );
    expect(placeSchemaType(place({ super_categories: ['hotel'], tags: noTags }))).toBe('Hotel');
    expect(placeSchemaType(place({ super_categories: ['experiences'], tags: noTags }))).toBe(
      'TouristAttraction',
    );
    expect(placeSchemaType(place({ super_categories: ['shopping'], tags: noTags }))).toBe('Store');
  });

  it('takes the first super category that fits', () => {
    expect(placeSchemaType(place({ super_categories: ['dining', 'shopping'] }))).toBe('Restaurant');
    expect(placeSchemaType(place({ super_categories: ['shopping', 'dining'] }))).toBe('Store');
    expect(
      placeSchemaType(place({ super_categories: ['dining', 'nightlife'], tags: noTags })),
    ).toBe('BarOrPub');
  });

  it('is a LocalBusiness for dining without cuisines and for no super category', () => {
    expect(placeSchemaType(place({ tags: noTags }))).toBe('LocalBusiness');
    expect(placeSchemaType(place({ super_categories: [], tags: noTags }))).toBe('LocalBusiness');
  });
});

describe('openingHoursSpecification', () => {
  it('leaves closed days out and groups days with equal hours', () => {
    expect(openingHoursSpecification(goldenFig.clm_hours)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [
          'https://schema.org/Tuesday',
          'https://schema.org/Wednesday',
          'https://schema.org/Thursday',
          'https://schema.org/Sunday',
        ],
        opens: '11:00',
        closes: '22:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Friday', 'https://schema.org/Saturday'],
        opens: '11:00',
        closes: '23:00',
      },
    ]);
  });

  it('keeps hours past midnight and reads short or lower-case day names', () => {
    expect(
      openingHoursSpecification([
        { day: 'fri', open: '17:00', close: '02:00' },
        { day: 'Someday', open: '17:00', close: '02:00' },
        { day: 'Saturday', open: '17:00', close: null },
      ]),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Friday'],
        opens: '17:00',
        closes: '02:00',
      },
    ]);
  });

  it('is empty when the place is never open', () => {
    expect(openingHoursSpecification([{ day: 'Monday', open: null, close: null }])).toEqual([]);
  });
});

describe('placeJsonLd', () => {
  it('describes a restaurant completely', () => {
    expect(placeJsonLd(goldenFig, ORIGIN, PAGE)).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'The Golden Fig',
      description: 'Wood-fired mezze and natural wine on a Wicker Park corner.',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1550 N Milwaukee Ave',
        addressLocality: 'Chicago',
        addressRegion: 'IL',
        postalCode: '60622',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 41.9097, longitude: -87.6776 },
      telephone: '+1 312-555-0142',
      url: 'https://goldenfig.example.com',
      image: 'https://spotreel.app/media/clips/dining-1.jpg',
      servesCuisine: ['Mediterranean', 'Greek'],
      openingHoursSpecification: openingHoursSpecification(goldenFig.clm_hours),
      priceRange: '$$',
    });
  });

  it('uses the page URL without a website and leaves out what the place lacks', () => {
    const bare = place({
      super_categories: ['nightlife'],
      tags: noTags,
      links: { website: null },
      poster_url: null,
      clm_phone: '',
      clm_price_level: null,
      clm_hours: [{ day: 'Monday', open: null, close: null }],
    });
    const json = placeJsonLd(bare, ORIGIN, PAGE);
    expect(json['@type']).toBe('BarOrPub');
    expect(json.url).toBe(PAGE);
    for (const key of [
      'image',
      'telephone',
      'priceRange',
      'servesCuisine',
      'openingHoursSpecification',
    ]) {
      expect(json, key).not.toHaveProperty(key);
    }
  });

  it('spells the price level as dollar signs, but not on a tourist attraction', () => {
    expect(placeJsonLd(place({ clm_price_level: 4 }), ORIGIN, PAGE).priceRange).toBe('$$$$');
    expect(placeJsonLd(place({ clm_price_level: 1 }), ORIGIN, PAGE).priceRange).toBe('$');
    const attraction = place({ super_categories: ['experiences'], tags: noTags });
    expect(placeJsonLd(attraction, ORIGIN, PAGE)).not.toHaveProperty('priceRange');
  });

  it('lists cuisines only on a restaurant', () => {
    const hotel = place({ super_categories: ['hotel'] });
    expect(placeJsonLd(hotel, ORIGIN, PAGE)['@type']).toBe('Hotel');
    expect(placeJsonLd(hotel, ORIGIN, PAGE)).not.toHaveProperty('servesCuisine');
  });

  it('keeps an absolute poster URL and falls back to the description without a prompt', () => {
    const json = placeJsonLd(
      place({ poster_url: 'https://media.spotreel.app/clips/x.jpg', clm_prompt: '' }),
      ORIGIN,
      PAGE,
    );
    expect(json.image).toBe('https://media.spotreel.app/clips/x.jpg');
    expect(json.description).toBe('A neighbourhood Mediterranean restaurant.');
  });

  it('survives JSON serialisation unchanged', () => {
    const json = placeJsonLd(goldenFig, ORIGIN, PAGE);
    expect(JSON.parse(JSON.stringify(json))).toStrictEqual(json);
  });
});

describe('isoDuration', () => {
  it('writes whole seconds, minutes and hours', () => {
    expect(isoDuration(6_000)).toBe('PT6S');
    expect(isoDuration(6_400)).toBe('PT6S');
    expect(isoDuration(6_600)).toBe('PT7S');
    expect(isoDuration(60_000)).toBe('PT1M');
    expect(isoDuration(75_000)).toBe('PT1M15S');
    expect(isoDuration(3_723_000)).toBe('PT1H2M3S');
    expect(isoDuration(3_600_000)).toBe('PT1H');
    expect(isoDuration(0)).toBe('PT0S');
  });
});

describe('videoJsonLd', () => {
  const pageUrl = `${ORIGIN}/listing/148734/il/chicago/the-golden-fig-1234`;

  it('describes the video, its numbers and its creator', () => {
    expect(videoJsonLd(review, ORIGIN, pageUrl)).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'The Golden Fig by @maya.eats',
      description: 'The lamb shoulder is worth the wait & then some <3',
      thumbnailUrl: 'https://spotreel.app/media/clips/dining-1.jpg',
      contentUrl: 'https://spotreel.app/media/clips/dining-1.mp4',
      uploadDate: '2026-09-14T18:22:05.000Z',
      duration: 'PT6S',
      url: pageUrl,
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: 52_310,
      },
      author: {
        '@type': 'Person',
        name: 'Maya Chen',
        url: 'https://spotreel.app/users/maya.eats',
      },
    });
  });

  it('has no embedUrl', () => {
    expect(videoJsonLd(review, ORIGIN, pageUrl)).not.toHaveProperty('embedUrl');
  });

  it('keeps media already on a CDN and falls back for an empty caption or name', () => {
    const json = videoJsonLd(
      {
        ...review,
        clm_caption: '',
        video: {
          ...review.video,
          mp4_url: 'https://media.spotreel.app/clips/a.mp4',
          poster_url: 'https://media.spotreel.app/clips/a.jpg',
        },
        author: { ...review.author, display_name: '', vanity_url: '' },
      },
      ORIGIN,
      pageUrl,
    );
    expect(json.contentUrl).toBe('https://media.spotreel.app/clips/a.mp4');
    expect(json.thumbnailUrl).toBe('https://media.spotreel.app/clips/a.jpg');
    expect(json.description).toBe('The Golden Fig by @maya.eats');
    expect(json.author).toEqual({
      '@type': 'Person',
      name: '@maya.eats',
      url: 'https://spotreel.app/users/maya.eats',
    });
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Spotreel', path: '/' },
          { name: 'Chicago', path: '/city/il/chicago' },
          { name: 'The Golden Fig', path: '/location/chicago-il/the-golden-fig-1234' },
        ],
        ORIGIN,
      ),
    ).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Spotreel', item: 'https://spotreel.app/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Chicago',
          item: 'https://spotreel.app/city/il/chicago',
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'The Golden Fig',
          item: 'https://spotreel.app/location/chicago-il/the-golden-fig-1234',
        },
      ],
    });
  });

  it('is an empty list for no items', () => {
    expect(breadcrumbJsonLd([], ORIGIN).itemListElement).toEqual([]);
  });
});

describe('socialMeta', () => {
  const base = {
    title: 'The Golden Fig · Spotreel',
    description: 'Wood-fired mezze and natural wine.',
    url: PAGE,
  };

  it('writes Open Graph and a large-image Twitter card for a video page', () => {
    expect(
      socialMeta({
        ...base,
        type: 'video.other',
        image: { url: '/media/clips/dining-1.jpg', width: 720, height: 1280, alt: 'Lamb' },
        video: { url: '/media/clips/dining-1.mp4', width: 720, height: 1280 },
      }),
    ).toEqual([
      { property: 'og:type', content: 'video.other' },
      { property: 'og:image', content: 'https://spotreel.app/media/clips/dining-1.jpg' },
      { property: 'og:image:width', content: '720' },
      { property: 'og:image:height', content: '1280' },
      { property: 'og:image:alt', content: 'Lamb' },
      { property: 'og:video', content: 'https://spotreel.app/media/clips/dining-1.mp4' },
      { property: 'og:video:type', content: 'video/mp4' },
      { property: 'og:video:width', content: '720' },
      { property: 'og:video:height', content: '1280' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: 'The Golden Fig · Spotreel' },
      { name: 'twitter:description', content: 'Wood-fired mezze and natural wine.' },
      { name: 'twitter:image', content: 'https://spotreel.app/media/clips/dining-1.jpg' },
      { name: 'twitter:image:alt', content: 'Lamb' },
    ]);
  });

  it('leaves out sizes it was not given and keeps absolute image URLs', () => {
    const tags = socialMeta({
      ...base,
      type: 'website',
      image: { url: 'https://media.spotreel.app/clips/a.jpg' },
    });
    expect(tags).toEqual([
      { property: 'og:type', content: 'website' },
      { property: 'og:image', content: 'https://media.spotreel.app/clips/a.jpg' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: base.title },
      { name: 'twitter:description', content: base.description },
      { name: 'twitter:image', content: 'https://media.spotreel.app/clips/a.jpg' },
    ]);
  });

  it('falls back to a summary card without an image', () => {
    // What React Router's meta export takes.
    const tags: MetaDescriptor[] = socialMeta({ ...base, type: 'profile', image: null });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(tags.some((t) => 'property' in t && String(t.property).startsWith('og:image'))).toBe(
      false,
    );
    expect(tags.some((t) => 'name' in t && t.name === 'twitter:image')).toBe(false);
  });

  it('takes a video MIME type when given', () => {
    const tags = socialMeta({
      ...base,
      type: 'video.other',
      video: { url: '/media/clips/a.webm', type: 'video/webm' },
    });
    expect(tags).toContainEqual({ property: 'og:video:type', content: 'video/webm' });
  });

  it('emits only absolute http(s) URLs', () => {
    const tags = socialMeta({
      ...base,
      type: 'video.other',
      image: { url: '/a.jpg' },
      video: { url: 'b.mp4' },
    });
    const urls = tags
      .filter((t) => /og:(image|video)$|twitter:image$/.test('property' in t ? t.property : t.name))
      .map((t) => t.content);
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url).toMatch(/^https:\/\/spotreel\.app\//);
  });

  it('refuses a page URL that is not absolute', () => {
    expect(() => socialMeta({ ...base, url: '/location/x', type: 'website' })).toThrow();
  });
});
