import { describe, expect, it } from 'vitest';
import type { Review } from '../../../contract/reviews';
import { mergeVideos } from './video-grid';

const r = (id: number) => ({ clm_id: id }) as Review;

describe('mergeVideos', () => {
  it('appends only videos not shown yet, in order', () => {
    expect(mergeVideos([r(1), r(2)], [r(2), r(3), r(1), r(4)]).map((v) => v.clm_id)).toEqual([
      1, 2, 3, 4,
    ]);
  });
  it('drops repeats within a page too', () => {
    expect(mergeVideos([], [r(5), r(5)]).map((v) => v.clm_id)).toEqual([5]);
  });
});
