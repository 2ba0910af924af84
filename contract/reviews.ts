import { z } from 'zod';
import { NumericId, PaginationData, pageQuery } from './common';
import { LocationSummary } from './locations';
import { Author } from './users';

/** The playable clip of a review. */
export const Video = z
  .object({
    mp4_url: z.string(),
    webm_url: z.string(),
    poster_url: z.string(),
    duration_ms: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    has_audio: z
      .boolean()
      .describe('The clip has a sound track; a silent clip offers no Mute/Unmute (ADR 077)'),
  })
  .meta({ id: 'Video' });

/** spec §3 video or review: clm_id (the list key), location with clm_id, author with clm_username. */
export const Review = z
  .object({
    clm_id: z.number().int(),
    clm_caption: z.string(),
    created_at: z.string(),
    view_count: z.number().int(),
    video: Video,
    location: LocationSummary,
    author: Author,
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

/** spec §9: the first location-videos page holds 15, later pages 20. */
export const FIRST_VIDEOS_PAGE_SIZE = 15;
export const VIDEOS_PAGE_SIZE = 20;
export const LocationVideosQuery = pageQuery(VIDEOS_PAGE_SIZE);

export const VideoList = z
  .object({ data: z.array(Review), pagination_data: PaginationData })
  .meta({ id: 'VideoList' });
export type VideoList = z.infer<typeof VideoList>;

export const ReadParams = z.object({
  id: NumericId,
  deviceId: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(80, 'must be at most 80 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _'),
});
/** Watched seconds, fractional allowed; absent when the player could not tell. */
export const ReadBody = z
  .object({
    watchedDuration: z
      .number({ error: 'must be a number of seconds' })
      .min(0, 'must not be negative')
      .max(86_400, 'must be at most a day')
      .optional(),
  })
  .strict()
  .nullish();
