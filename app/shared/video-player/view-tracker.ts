/** Watched seconds after which a view counts while the video keeps playing. */
export const VIEW_AFTER_SECONDS = 2;
/** A video that leaves view (or whose page hides) counts only after this much play. */
export const VIEW_ON_LEAVE_AFTER_SECONDS = 0.5;
/** The read endpoint takes at most a day (contract/reviews.ts ReadBody). */
export const MAX_WATCHED_SECONDS = 86_400;
/**
 * timeupdate fires every 15–250 ms while playing; a forward jump longer than this is a seek (or a
 * stalled tab catching up), not watching, so it does not count.
 */
const MAX_STEP_SECONDS = 1.5;
/** How near the end and the start a backward jump must be to count as the loop coming round. */
const LOOP_EDGE_SECONDS = 1;

/**
 * Decides when a video's view is reported, and with how many seconds watched (issue text of
 * spec §2.4, recorded through PUT /api/v2/reviews/{id}/reads/{deviceId}, spec §7):
 * once per player, as soon as the visitor has watched VIEW_AFTER_SECONDS or a loop has ended,
 * or, failing that, when the video leaves view or the page hides after
 * VIEW_ON_LEAVE_AFTER_SECONDS of play. Watched time is the sum of played media-time steps, so
 * pauses, buffering and seeks add nothing.
 *
 * Each event returns the seconds to report, or null; it returns a number at most once.
 */
export class ViewTracker {
  #watched = 0;
  /** Media time of the last event while playing; null while paused. */
  #lastTime: number | null = null;
  #reported = false;

  /** Seconds played so far (capped at a day). */
  get watchedSeconds(): number {
    return Math.min(this.#watched, MAX_WATCHED_SECONDS);
  }

  /** Whether the view has been reported. */
  get reported(): boolean {
    return this.#reported;
  }

  /** The video started or resumed at media time `time`. */
  play(time: number): number | null {
    if (isTime(time)) this.#lastTime = time;
    return null;
  }

  /** A timeupdate at media time `time`; `duration` (when known) tells a loop from a seek back. */
  progress(time: number, duration?: number): number | null {
    const looped = this.#advance(time, duration);
    if (looped || this.#watched >= VIEW_AFTER_SECONDS) return this.#report();
    return null;
  }

  /** The video paused at media time `time`. */
  pause(time?: number): number | null {
    this.#advance(time);
    this.#lastTime = null;
    return null;
  }

  /** The video reached its end (without the loop attribute, or a player that reports it). */
  ended(time?: number): number | null {
    this.#advance(time);
    this.#lastTime = null;
    return this.#report();
  }

  /** The video left view, the page hid or the player is going away; `time` is where it is now. */
  hidden(time?: number): number | null {
    this.#advance(time);
    if (this.#watched >= VIEW_ON_LEAVE_AFTER_SECONDS) return this.#report();
    return null;
  }

  /** Adds the step from the last known time to `time`; true when the step wrapped a loop. */
  #advance(time: number | undefined, duration?: number): boolean {
    const last = this.#lastTime;
    if (last === null || time === undefined || !isTime(time)) return false;
    this.#lastTime = time;
    const step = time - last;
    if (step >= 0) {
      if (step <= MAX_STEP_SECONDS) this.#watched += step;
      return false;
    }
    // A jump back to the start: the loop came round, unless the duration says it was a seek.
    if (time > LOOP_EDGE_SECONDS) return false;
    const known = duration !== undefined && isTime(duration) && duration > 0;
    if (known && last < duration - LOOP_EDGE_SECONDS) return false;
    const tail = known ? duration - last : 0;
    this.#watched += Math.min(tail + time, MAX_STEP_SECONDS);
    return true;
  }

  #report(): number | null {
    if (this.#reported) return null;
    this.#reported = true;
    return this.watchedSeconds;
  }
}

function isTime(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}
