import { ChevronDown, ChevronUp } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'react-router';
import type { Review } from '../../../contract/reviews';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';
import { playerScrollRoot, VideoPlayer } from '../../shared/video-player/video-player';
import { feedStepForKey, type FeedStep } from './feed-keys';
import { shouldLoadMore, stepTarget } from './feed-position';
import { usePagedList } from '../../shared/use-paged-list';
import type { FeedPage, FeedSource } from './feed-source';
import styles from './video-feed.module.css';

/** Videos asked for per page. */
export const FEED_PAGE_SIZE = 6;
/** How much of a slide must show for it to be the one "in view". */
const CURRENT_SLIDE_SHARE = 0.6;

const reviewId = (review: Review) => review.clm_id;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A wheel's travel (px) that makes one step: a mouse notch is ~100, a trackpad's flick more. */
const WHEEL_STEP_PX = 40;
/** Wheel events closer together than this belong to one gesture: one step, not one per event. */
const WHEEL_GESTURE_GAP_MS = 250;

/**
 * One full-height short-video feed (spec §2.4 feed and collection screens): a slide per video,
 * snapping as the visitor swipes, arrow keys and buttons on larger screens, the next page loading
 * two videos before the end. The players decide which video plays (the one in view).
 */
export function VideoFeed({
  source,
  initial,
  title,
  actions,
  onView,
  startAt = 0,
  addressOf,
}: {
  source: FeedSource;
  initial: FeedPage;
  title: string;
  /** The slide to open at (a video's own address: its index in `initial`). */
  startAt?: number;
  /**
   * The address of a video in this feed: once the visitor moves, the address bar follows the
   * video in view (replaced, not pushed), so Back from a page opened here returns to it.
   */
  addressOf?: (review: Review) => string;
  /** Buttons for each video (follow, share), shown beside it. */
  actions?: (review: Review) => ReactNode;
  /** Passed to every player (screens pass recordView). */
  onView?: (review: Review, watchedSeconds: number) => void;
}) {
  const fetchPage = useCallback(
    (cursor: string) =>
      source
        .fetch({ cursor, limit: FEED_PAGE_SIZE })
        .then((page) => ({ items: page.items, next: page.cursor })),
    [source],
  );
  const key = source.key;
  const feed = usePagedList({
    key,
    first: { items: initial.items, next: initial.cursor },
    fetchPage,
    idOf: reviewId,
  });
  const { items, loadMore } = feed;
  const start = Math.min(Math.max(startAt, 0), Math.max(items.length - 1, 0));
  const [current, setCurrent] = useState(start);
  const [currentKey, setCurrentKey] = useState(key);
  if (currentKey !== key) {
    // Another feed: start again from its first video (or the one its address names).
    setCurrentKey(key);
    setCurrent(start);
  }
  const sectionRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  /** The slide in view, or the one a key or button is moving to. */
  const currentRef = useRef(start);
  /** The slide whose address the address bar shows (it says nothing until the visitor moves). */
  const addressed = useRef(start);

  const slideCount = items.length + 1; // the videos, then the loading or end slide

  // Which slide is in view; every slide acts as a sentinel for loading the next page.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < CURRENT_SLIDE_SHARE - 0.001) {
            continue;
          }
          const index = Number((entry.target as HTMLElement).dataset.slide);
          if (!Number.isInteger(index)) continue;
          currentRef.current = index;
          setCurrent(index);
        }
      },
      { root: scroller, threshold: [CURRENT_SLIDE_SHARE] },
    );
    for (const slide of scroller.querySelectorAll('[data-slide]')) observer.observe(slide);
    return () => observer.disconnect();
  }, [slideCount, key]);

  // A new feed opens at its start: the first video, or the one its address names. Before paint,
  // so the first video does not flash (or start playing) on the way. An effect event: it reads the
  // `start` of the render that brought the new feed, and a new `start` alone does not move it.
  const openAtStart = useEffectEvent(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const index = start;
    const slide = scroller.querySelector<HTMLElement>(`[data-slide="${index}"]`);
    scroller.scrollTo({ top: index > 0 && slide ? slide.offsetTop - scroller.offsetTop : 0 });
    currentRef.current = index;
    addressed.current = index;
  });
  useLayoutEffect(() => openAtStart(), [key]);

  // The address bar follows the video in view, once the visitor has moved.
  const { key: entry } = useLocation();
  const follow = useCallback(
    (index: number) => {
      const review = items[index];
      if (!addressOf || !review || index === addressed.current) return;
      // Only in the history entry the feed is shown in (React Router's key of it, 'default'
      // for the first page): a link's navigation adds the next page's entry before the feed is
      // gone, and a scroll told of in between must not write the feed's address over it.
      const shownIn = (window.history.state as { key?: string } | null)?.key || 'default';
      if (shownIn !== entry) return;
      addressed.current = index;
      const address = addressOf(review);
      if (address !== window.location.pathname + window.location.search)
        // React Router's entry state is kept, so Back and Forward still find this entry.
        window.history.replaceState(window.history.state, '', address);
    },
    [items, addressOf, entry],
  );
  useEffect(() => follow(current), [current, follow]);
  // A click in the feed (a link to a place or a local) first makes the address name the video
  // in view now. The observer tells of a scroll a frame later and the effect above comes later
  // still: a link followed in between (a click that scrolled the feed to the next video and back
  // first, as a test tool's retries do) left the entry naming the other video, and Back
  // returned to that one.
  const followNow = () => {
    const scroller = scrollerRef.current;
    const index = scroller ? slideInView(scroller) : null;
    if (index !== null) follow(index);
  };

  // The next page, once the visitor is two videos from the end (a failed page is not retried
  // on its own: the end slide offers to try again).
  const canLoad = feed.hasMore && !feed.loading && !feed.failed;
  useEffect(() => {
    if (canLoad && shouldLoadMore(current, items.length)) loadMore();
  }, [current, items.length, canLoad, loadMore]);

  const go = useCallback((step: FeedStep) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const slides = scroller.querySelectorAll<HTMLElement>('[data-slide]');
    const index = stepTarget(currentRef.current, step, slides.length);
    const target = slides[index];
    if (!target) return;
    currentRef.current = index;
    const focusWasInside = scroller.contains(document.activeElement);
    // The feed's own scroller moves, and only it: scrollIntoView would scroll the page too
    // whenever a slide is taller than what the window shows of it.
    scroller.scrollTo({
      top:
        scroller.scrollTop +
        target.getBoundingClientRect().top -
        scroller.getBoundingClientRect().top,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
    // Keep keyboard focus with the video on screen, not on a control scrolled away.
    if (focusWasInside) target.focus({ preventScroll: true });
  }, []);

  // ArrowDown/ArrowUp, j/k, PageDown/PageUp while the feed fills the middle of the screen.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const section = sectionRef.current;
      if (!section) return;
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const step = feedStepForKey(
        event,
        focused && {
          tagName: focused.tagName,
          isContentEditable: focused.isContentEditable,
          role: focused.getAttribute('role'),
          inDialog: focused.closest('dialog[open], [role="dialog"]') !== null,
        },
      );
      if (!step || document.querySelector('dialog[open]')) return;
      const box = section.getBoundingClientRect();
      const middle = window.innerHeight / 2;
      if (box.top > middle || box.bottom < middle) return;
      event.preventDefault();
      go(step);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [go]);

  // A wheel step is a video: one notch (or one trackpad gesture) moves one slide. Snapping
  // alone would pull a 100 px nudge back to the video it left. At the first or last slide the
  // wheel scrolls the page as usual.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let travel = 0;
    let lastEvent = -Infinity;
    let stepped = false;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      const slides = scroller.querySelectorAll('[data-slide]').length;
      const down = event.deltaY > 0;
      const index = currentRef.current;
      if ((down && index >= slides - 1) || (!down && index <= 0)) return;
      event.preventDefault();
      if (event.timeStamp - lastEvent > WHEEL_GESTURE_GAP_MS) {
        travel = 0;
        stepped = false;
      }
      lastEvent = event.timeStamp;
      if (stepped) return;
      const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE;
      travel +=
        event.deltaMode === WheelEvent.DOM_DELTA_PIXEL
          ? event.deltaY
          : event.deltaY * (lines ? 40 : 800);
      if (Math.abs(travel) < WHEEL_STEP_PX) return;
      stepped = true;
      go(travel > 0 ? 'next' : 'previous');
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    return () => scroller.removeEventListener('wheel', onWheel);
  }, [go]);

  const end = !feed.hasMore;
  return (
    <section ref={sectionRef} className={styles.feed} aria-label={title} onClickCapture={followNow}>
      <div ref={scrollerRef} className={styles.scroller} {...playerScrollRoot}>
        {items.map((review, index) => (
          <article
            key={review.clm_id}
            className={styles.slide}
            data-slide={index}
            data-review={review.clm_id}
            tabIndex={-1}
            aria-label={`${review.location.clm_name} by @${review.author.clm_username}`}
          >
            <div className={styles.frame}>
              <VideoPlayer review={review} onView={onView} size="fill" priority={index === 0} />
              <SlideInfo review={review} hasActions={actions !== undefined} />
              {actions && <div className={styles.actions}>{actions(review)}</div>}
            </div>
          </article>
        ))}
        <div className={styles.slide} data-slide={items.length} tabIndex={-1}>
          {end ? (
            <p className={styles.end}>
              {items.length > 0
                ? 'You’ve seen it all — come back tomorrow for more.'
                : 'No videos here yet — come back tomorrow for more.'}
            </p>
          ) : feed.failed ? (
            <div className={styles.end}>
              <Button variant="inverse" onClick={loadMore}>
                Load more videos
              </Button>
            </div>
          ) : (
            <div className={`${styles.frame} ${styles.skeleton}`} aria-hidden="true" />
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {feed.loading ? 'Loading more videos' : ''}
      </p>
      <div className={styles.nav}>
        <button
          type="button"
          className={styles.navButton}
          aria-label="Previous video"
          disabled={current <= 0}
          onClick={() => go('previous')}
        >
          <ChevronUp aria-hidden="true" />
        </button>
        <button
          type="button"
          className={styles.navButton}
          aria-label="Next video"
          disabled={current >= slideCount - 1}
          onClick={() => go('next')}
        >
          <ChevronDown aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

/** The slide at least CURRENT_SLIDE_SHARE of which `scroller` shows now, or null. */
function slideInView(scroller: HTMLElement): number | null {
  const box = scroller.getBoundingClientRect();
  for (const slide of scroller.querySelectorAll<HTMLElement>('[data-slide]')) {
    const { top, bottom, height } = slide.getBoundingClientRect();
    const shown = Math.min(bottom, box.bottom) - Math.max(top, box.top);
    if (height > 0 && shown / height >= CURRENT_SLIDE_SHARE - 0.001) {
      const index = Number(slide.dataset.slide);
      return Number.isInteger(index) ? index : null;
    }
  }
  return null;
}

/** The place, the local who made the video and the caption, over the video's lower part. */
function SlideInfo({ review, hasActions }: { review: Review; hasActions: boolean }) {
  const { location, author } = review;
  return (
    <div className={`${styles.info} ${hasActions ? styles.infoBesideActions : ''}`}>
      <h2 className={styles.place}>
        <Link to={paths.locationInCity(location.city_slug, location.clm_slug)}>
          {location.clm_name}
        </Link>
      </h2>
      <Link to={paths.user(author.vanity_url)} className={styles.creator}>
        <Avatar src={author.avatar_url} name="" size={28} />
        <span>@{author.clm_username}</span>
      </Link>
      {review.clm_caption && <p className={styles.caption}>{review.clm_caption}</p>}
    </div>
  );
}
