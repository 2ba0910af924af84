import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import type { PaginationData } from '../../contract/common';

/** One page of a list and where the next one starts (null: the list ends here). */
export interface ListPage<Item, Cursor> {
  items: readonly Item[];
  next: Cursor | null;
}

/** The page after a paged answer of spec §7, or null at the end (`has_more` is '0'). */
export const nextPageOf = ({ pagination_data: p }: { pagination_data: PaginationData }) =>
  p.has_more === '1' ? p.page + 1 : null;

type Status = 'idle' | 'loading' | 'failed';

interface ListState<Item, Cursor> {
  key: string;
  items: Item[];
  next: Cursor | null;
  status: Status;
}

/** `current` then the items of `more` it does not have yet (by id), in order. */
export function appendNew<Item>(
  current: readonly Item[],
  more: readonly Item[],
  idOf: (item: Item) => string | number,
): Item[] {
  const seen = new Set(current.map(idOf));
  const added = more.filter((item) => {
    const id = idOf(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return added.length ? [...current, ...added] : [...current];
}

const fresh = <Item, Cursor>(
  key: string,
  first: ListPage<Item, Cursor>,
  idOf: (item: Item) => string | number,
): ListState<Item, Cursor> => ({
  key,
  items: appendNew([], first.items, idOf),
  next: first.next,
  status: 'idle',
});

/**
 * Every "show more" list of the web app (a place's videos, a city's feed, its cuisines and
 * categories, the video feeds): the first page comes with the screen's data, the next ones on
 * `loadMore()` — one call at a time, items already shown dropped, an answer that no longer fits
 * (another list, or a page already loaded) ignored. A failed page leaves the list as it was and
 * `loadMore()` may try it again. A new `key` starts again from `first` (a client navigation to
 * another city, another collection).
 */
export function usePagedList<Item, Cursor>({
  key,
  first,
  fetchPage,
  idOf,
}: {
  key: string;
  first: ListPage<Item, Cursor>;
  /** The page at `cursor`: null or a rejection when it could not be had. */
  fetchPage: (cursor: Cursor) => Promise<ListPage<Item, Cursor> | null>;
  idOf: (item: Item) => string | number;
}) {
  const [list, setList] = useState(() => fresh(key, first, idOf));
  if (list.key !== key) setList(fresh(key, first, idOf));
  const { items, next, status } = list.key === key ? list : fresh(key, first, idOf);

  const loadMore = useCallback(() => {
    if (next === null || status === 'loading') return;
    const cursor = next;
    const same = (state: ListState<Item, Cursor>) =>
      state.key === key && state.next === cursor && state.status === 'loading';
    setList((state) =>
      state.key === key && state.next === cursor ? { ...state, status: 'loading' } : state,
    );
    const settle = (page: ListPage<Item, Cursor> | null) =>
      setList((state) => {
        if (!same(state)) return state;
        if (!page) return { ...state, status: 'failed' };
        return {
          ...state,
          items: appendNew(state.items, page.items, idOf),
          // A list that does not move on has nothing more to give.
          next: page.next === cursor ? null : page.next,
          status: 'idle',
        };
      });
    fetchPage(cursor).then(settle, () => settle(null));
  }, [key, next, status, fetchPage, idOf]);

  return {
    items,
    hasMore: next !== null,
    loading: status === 'loading',
    failed: status === 'failed',
    /** Loads the next page (nothing while one is loading or at the end). */
    loadMore,
  };
}

/** How far below the screen, in screen heights, the next page starts loading. */
export const LOAD_AHEAD_SCREENS = 2;

/**
 * Loads the next page of `list` on its own while `trigger` (an element right after the list) is
 * within LOAD_AHEAD_SCREENS below the screen, on it, or already scrolled past — a fast flick to
 * the bottom of the page lands beyond the list, and the list then grows to meet the visitor. It
 * keeps loading, a page at a time, until the trigger is out of that reach or the list ends; after
 * a failure only the list's own button asks again. Nothing loads before the page is scrolled.
 *
 * It looks where the trigger is after every page, on every scroll (once a frame) and when an
 * IntersectionObserver says the trigger came within reach without a scroll (a resize). The
 * observer alone is not enough: it speaks only when the trigger crosses the edge of the reach
 * between two of its looks, and a scroll that lands where it last looked (the trigger within
 * reach before a page loaded and again after the visitor scrolled back) says nothing.
 */
export function useLoadWhenNear(
  trigger: RefObject<Element | null>,
  list: Pick<ReturnType<typeof usePagedList>, 'hasMore' | 'loading' | 'failed' | 'loadMore'>,
) {
  const { hasMore, loading, failed } = list;
  // What the last render said, for the looks that come from outside React (a scroll, the
  // observer): set before the browser paints, so a look in the next frame never sees the list
  // of the render before (a page already asked for taken as not asked).
  const latest = useRef(list);
  useLayoutEffect(() => {
    latest.current = list;
  });

  // Scrolled past the list: where the trigger was when the last page was asked for, and whether
  // a page did not bring it any nearer (the browser kept what the visitor sees in place: scroll
  // anchoring). Then it waits for the visitor to scroll back to the list instead of loading the
  // whole list under the footer.
  const passedAt = useRef<number | null>(null);
  const waiting = useRef(false);
  // An effect event: the effects below and the looks they schedule call it; it reads only refs.
  const look = useEffectEvent(() => {
    const element = trigger.current;
    const { hasMore, loading, failed, loadMore } = latest.current;
    // Not before the visitor scrolls: a page that opens near its list does not load ahead unasked.
    if (!element || !hasMore || loading || failed || window.scrollY <= 0) return;
    const { top } = element.getBoundingClientRect();
    if (top > window.innerHeight * (1 + LOAD_AHEAD_SCREENS)) {
      passedAt.current = null;
      waiting.current = false;
      return;
    }
    if (top < 0) {
      if (waiting.current) return;
      if (passedAt.current !== null && top <= passedAt.current + 1) {
        waiting.current = true;
        return;
      }
      passedAt.current = top;
    } else {
      passedAt.current = null;
      waiting.current = false;
    }
    // Asked: no other look asks again before the render that says it is loading.
    latest.current = { ...latest.current, loading: true };
    loadMore();
  });

  useEffect(() => {
    const element = trigger.current;
    if (!element || !hasMore || failed) return;
    let frame = 0;
    const lookSoon = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        look();
      });
    };
    window.addEventListener('scroll', lookSoon, { passive: true });
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(lookSoon, {
            rootMargin: `0px 0px ${LOAD_AHEAD_SCREENS * 100}% 0px`,
          });
    observer?.observe(element);
    return () => {
      window.removeEventListener('scroll', lookSoon);
      observer?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [trigger, hasMore, failed]);

  // After every page (the list just grew, or a page was asked for and the list waits).
  useEffect(() => look(), [trigger, hasMore, loading, failed]);
}
