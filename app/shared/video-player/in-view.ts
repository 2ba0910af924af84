/** spec §2.4: a video plays only while at least this share of it is in view. */
export const IN_VIEW_SHARE = 0.6;
/** The IntersectionObserver thresholds that let isMostlyInView see every crossing. */
export const IN_VIEW_THRESHOLDS = [0, 0.25, 0.5, IN_VIEW_SHARE, 0.75, 1];

/**
 * Whether a video is "in view" for autoplay: 60% of it is visible, or, for a video taller than
 * the viewport (a landscape phone), it fills 60% of the viewport's height.
 */
export function isMostlyInView(entry: {
  isIntersecting: boolean;
  intersectionRatio: number;
  visibleHeight: number;
  rootHeight: number | null;
}): boolean {
  if (!entry.isIntersecting) return false;
  // Browsers report a crossing of the 0.6 threshold as a ratio a hair either side of it.
  if (entry.intersectionRatio >= IN_VIEW_SHARE - 0.001) return true;
  return entry.rootHeight !== null && entry.rootHeight > 0
    ? entry.visibleHeight >= IN_VIEW_SHARE * entry.rootHeight
    : false;
}
