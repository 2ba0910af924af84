import { Pause, Play, Volume2, VolumeX } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type SyntheticEvent,
} from 'react';
import { placeFilter } from '../../../contract/place-look';
import type { Review } from '../../../contract/reviews';
import { IN_VIEW_THRESHOLDS, isMostlyInView } from './in-view';
import { setSoundOn, useSoundOn } from './sound-preference';
import { ViewTracker } from './view-tracker';
import styles from './video-player.module.css';

const SCROLL_ROOT_ATTRIBUTE = 'data-player-scroll-root';
/**
 * Spread on a scrolling container of players (the video feed): players measure "coming near"
 * against it, so the next slide's sources load before it scrolls in.
 */
export const playerScrollRoot = { [SCROLL_ROOT_ATTRIBUTE]: '' } as const;
/** How near the viewport (or scroll root) a player must come before its sources load. */
const NEAR_MARGIN = '200px 0px';

// What the browser says, read during render (React's useSyncExternalStore); the server's HTML and
// the render that hydrates it take the server's value, and React renders again with the browser's.
const noSubscription = () => () => {};
/** Whether the browser has IntersectionObserver (the server takes it that it does). */
const useCanObserve = () =>
  useSyncExternalStore(
    noSubscription,
    () => typeof IntersectionObserver !== 'undefined',
    () => true,
  );

const subscribeToVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
/** The page is visible (not in a background tab or a hidden app); the server takes it that it is. */
const usePageVisible = () =>
  useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeToReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** The visitor asks for reduced motion; null on the server: no autoplay before we know. */
const useReducedMotion = () =>
  useSyncExternalStore<boolean | null>(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => null,
  );

export interface VideoPlayerProps {
  review: Review;
  /** Called once per player with the seconds watched (screens pass recordView). */
  onView?: (review: Review, watchedSeconds: number) => void;
  /** large: a standalone 9:16 player; fill: fills its parent (the feed's slide). */
  size?: 'large' | 'fill';
  /** The first video on the page: poster fetched first, metadata preloaded. */
  priority?: boolean;
}

/** A 9:16 muted autoplaying video of a review (spec §2.4), with its view recorded once. */
export function VideoPlayer(props: VideoPlayerProps) {
  // Another review is another player: fresh view tracking, state and sources.
  return <Player key={props.review.clm_id} {...props} />;
}

function Player({ review, onView, size = 'large', priority = false }: VideoPlayerProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const barRef = useRef<HTMLSpanElement>(null);
  const [tracker] = useState(() => new ViewTracker());
  const latest = useRef({ review, onView });
  useEffect(() => {
    latest.current = { review, onView };
  });

  // The server and the first client render see the same thing: no sources, poster only.
  const [cameNear, setNear] = useState(false);
  const canObserve = useCanObserve();
  // A browser without IntersectionObserver cannot tell when: the sources render at once there.
  const near = cameNear || !canObserve;
  const [inView, setInView] = useState(false);
  const pageVisible = usePageVisible();
  const reducedMotion = useReducedMotion();
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const userPaused = useRef(false);
  const playWhenLoaded = useRef(false);
  /** Every source failed to load: the next try loads them again. */
  const sourcesFailed = useRef(false);
  const muted = !useSoundOn();

  const report = useCallback((seconds: number | null) => {
    if (seconds === null) return;
    const { review: current, onView: callback } = latest.current;
    callback?.(current, seconds);
  }, []);

  const start = useCallback(async (video: HTMLVideoElement) => {
    // Played again after its sources failed (the network may be back): the browser tries them
    // once, so they are loaded again first.
    if (sourcesFailed.current) {
      sourcesFailed.current = false;
      video.load();
    }
    try {
      await video.play();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // paused first
      if (!video.muted) {
        // Sound was refused: browsers allow muted autoplay, so go on muted everywhere.
        setSoundOn(false);
        video.muted = true;
        try {
          await video.play();
          return;
        } catch {
          // refused even muted (data saver, low-power mode): wait for a tap
        }
      }
      setBlocked(true);
    }
  }, []);

  // Lazy: the sources render once the player first comes near.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: frame.closest(`[${SCROLL_ROOT_ATTRIBUTE}]`), rootMargin: NEAR_MARGIN },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [near]);

  // In view (60%) or not; leaving view may record the view and resets a visitor's pause.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof IntersectionObserver === 'undefined') return;
    let wasInView = false;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const now = isMostlyInView({
          isIntersecting: entry.isIntersecting,
          intersectionRatio: entry.intersectionRatio,
          visibleHeight: entry.intersectionRect.height,
          rootHeight: entry.rootBounds?.height ?? null,
        });
        if (wasInView && !now) {
          report(tracker.hidden(videoRef.current?.currentTime));
          userPaused.current = false;
        }
        wasInView = now;
        setInView(now);
      },
      { threshold: IN_VIEW_THRESHOLDS },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [tracker, report]);

  // The page hiding (tab switch, app switch, leaving) records the view; so does unmounting.
  useEffect(() => {
    const video = videoRef.current;
    const hide = () => report(tracker.hidden(video?.currentTime));
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') hide();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', hide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', hide);
      hide();
    };
  }, [tracker, report]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  // Muted autoplay only while in view, the page is visible and motion is welcome.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !near) return;
    if (playWhenLoaded.current) {
      playWhenLoaded.current = false;
      void start(video);
      return;
    }
    if (!inView || !pageVisible) {
      if (!video.paused) video.pause();
      return;
    }
    if (reducedMotion === false && !userPaused.current) void start(video);
  }, [near, inView, pageVisible, reducedMotion, start]);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (!video.paused) {
      userPaused.current = true;
      video.pause();
      return;
    }
    userPaused.current = false;
    setBlocked(false);
    if (near) {
      void start(video);
    } else {
      playWhenLoaded.current = true;
      setNear(true);
    }
  };

  /**
   * The last source failed, so every one did (the browser tries them in order): nothing will
   * play, though play() still waits and the video still counts as playing. It stops there, with
   * its poster and Play, until a tap tries again.
   */
  const onSourcesFailed = () => {
    sourcesFailed.current = true;
    setBlocked(true);
    const video = videoRef.current;
    if (video && !video.paused) video.pause();
  };

  const toggleSound = () => {
    // Set here too, inside the tap: browsers let sound start only from a visitor's gesture.
    if (videoRef.current) videoRef.current.muted = !muted;
    setSoundOn(muted);
  };

  const duration = (video: HTMLVideoElement) =>
    Number.isFinite(video.duration) && video.duration > 0
      ? video.duration
      : review.video.duration_ms / 1000;

  const onTimeUpdate = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    const total = duration(video);
    report(tracker.progress(video.currentTime, total));
    if (barRef.current && total > 0) {
      barRef.current.style.transform = `scaleX(${Math.min(video.currentTime / total, 1)})`;
    }
  };

  const { video, location } = review;
  const label = `${location.clm_name}, a video by @${review.author.clm_username}`;
  const showPlayHint = !playing && (started || blocked || reducedMotion === true);
  // The kind's clip in the place's own hue (ADR 077).
  const look = { filter: placeFilter(location.clm_id) };

  return (
    <div ref={frameRef} className={[styles.player, styles[size]].filter(Boolean).join(' ')}>
      <video
        ref={videoRef}
        className={styles.video}
        style={look}
        width={video.width}
        height={video.height}
        muted={muted}
        playsInline
        loop
        preload={priority ? 'metadata' : 'none'}
        poster={near ? video.poster_url : undefined}
        aria-label={label}
        onClick={togglePlay}
        onPlay={(event) => {
          setPlaying(true);
          tracker.play(event.currentTarget.currentTime);
        }}
        onPlaying={() => {
          setStarted(true);
          setBlocked(false);
        }}
        onPause={(event) => {
          setPlaying(false);
          tracker.pause(event.currentTarget.currentTime);
        }}
        onTimeUpdate={onTimeUpdate}
        onEnded={(event) => report(tracker.ended(event.currentTarget.currentTime))}
      >
        {near && (
          <>
            <source src={video.webm_url} type="video/webm" />
            <source src={video.mp4_url} type="video/mp4" onError={onSourcesFailed} />
          </>
        )}
      </video>
      <img
        className={[styles.poster, started && styles.posterHidden].filter(Boolean).join(' ')}
        style={look}
        src={video.poster_url}
        alt=""
        width={video.width}
        height={video.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
      {size === 'large' && (
        // The place's name under the kind the clip shows, until the clip has played a moment (a
        // feed lays the name over its slides itself); the video's label already says it.
        <p
          className={[styles.title, started && styles.titleGone].filter(Boolean).join(' ')}
          aria-hidden="true"
        >
          {location.clm_name}
        </p>
      )}
      {showPlayHint && (
        <span className={styles.playHint} aria-hidden="true">
          <Play />
        </span>
      )}
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.control}
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={togglePlay}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </button>
        {/* A silent clip has nothing to unmute (ADR 077). */}
        {video.has_audio && (
          <button
            type="button"
            className={styles.control}
            aria-label={muted ? 'Unmute' : 'Mute'}
            onClick={toggleSound}
          >
            {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
          </button>
        )}
      </div>
      <span className={styles.track} aria-hidden="true">
        <span ref={barRef} className={styles.bar} />
      </span>
    </div>
  );
}
