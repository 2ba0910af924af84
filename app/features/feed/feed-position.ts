import type { FeedStep } from './feed-keys';

/** The next page loads when the visitor is this many videos from the end. */
export const LOAD_WHEN_VIDEOS_LEFT = 2;

/**
 * Whether to fetch the next page: the slide in view (`current`, counting the trailing
 * loading/end slide as index `videoCount`) is LOAD_WHEN_VIDEOS_LEFT or fewer from the last video.
 */
export function shouldLoadMore(current: number, videoCount: number): boolean {
  return videoCount - 1 - current <= LOAD_WHEN_VIDEOS_LEFT;
}

/** The slide a step goes to, staying within the `slideCount` slides. */
export function stepTarget(current: number, step: FeedStep, slideCount: number): number {
  if (slideCount <= 0) return 0;
  const target = current + (step === 'next' ? 1 : -1);
  return Math.min(Math.max(target, 0), slideCount - 1);
}
