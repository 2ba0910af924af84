import type { Review } from '../../../contract/reviews';

/** A complete review for unit tests (not used by the app). */
export function sampleReview(clmId: number, overrides: Partial<Review> = {}): Review {
  return {
    clm_id: clmId,
    clm_caption: `Clip ${clmId}: the crispiest fries on the block`,
    created_at: '2024-05-01T18:00:00.000Z',
    view_count: 12,
    video: {
      mp4_url: `/media/clips/${clmId}.mp4`,
      webm_url: `/media/clips/${clmId}.webm`,
      poster_url: `/media/posters/${clmId}.jpg`,
      duration_ms: 14_000,
      width: 720,
      height: 1280,
      has_audio: true,
    },
    location: {
      clm_id: 500 + clmId,
      clm_name: 'Lula Cafe',
      clm_label: 'Lula Cafe',
      clm_slug: `lula-cafe-${500 + clmId}`,
      clm_address: '2537 N Kedzie Blvd',
      clm_city: 'Chicago',
      clm_state: 'IL',
      clm_zip: '60647',
      clm_neighborhood: 'Logan Square',
      super_categories: ['dining'],
      city_slug: 'chicago',
      poster_url: null,
      review_count: 8,
      follower_count: 120,
    },
    author: {
      clm_id: 9,
      clm_username: 'maya.eats',
      display_name: 'Maya',
      avatar_url: '/media/avatars/9.jpg',
      vanity_url: 'maya-eats',
    },
    ...overrides,
  };
}
