import { describe, expect, it } from 'vitest';
import { appendNew } from './use-paged-list';

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
