import { describe, expect, it } from 'vitest';
import { appendNew, nextPageOf } from './use-paged-list';

const id = (item: { id: number }) => item.id;
const items = (...ids: number[]) => ids.map((n) => ({ id: n }));

describe('appendNew (every "show more" list)', () => {
  it('appends the items not shown yet, in order, each once', () => {
    expect(appendNew(items(1, 2), items(2, 3, 1, 4, 4), id).map(id)).toEqual([1, 2, 3, 4]);
  });
  it('keeps the first of repeated items of one page', () => {
    const first = { id: 5, label: 'first' };
    const list = appendNew([], [first, { id: 5, label: 'again' }], id);
    expect(list).toEqual([first]);
  });
  it('adds nothing when every item is already shown', () => {
    expect(appendNew(items(1, 2, 3), items(1, 2), id).map(id)).toEqual([1, 2, 3]);
  });
});

describe('nextPageOf', () => {
  const answer = (page: number, hasMore: '1' | '0') => ({
    pagination_data: { page, per_page: 20, number_of_pages: 3, total: 45, has_more: hasMore },
  });
  it('is the following page while has_more is 1, and null at the end', () => {
    expect(nextPageOf(answer(1, '1'))).toBe(2);
    expect(nextPageOf(answer(3, '0'))).toBeNull();
  });
});
