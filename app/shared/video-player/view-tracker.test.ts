import { describe, expect, it } from 'vitest';
import {
  MAX_WATCHED_SECONDS,
  VIEW_AFTER_SECONDS,
  VIEW_ON_LEAVE_AFTER_SECONDS,
  ViewTracker,
} from './view-tracker';

/** Plays from `from` to `to` in timeupdate steps of `step` seconds; returns every report made. */
function playThrough(tracker: ViewTracker, from: number, to: number, step = 0.25): number[] {
  const reports: number[] = [];
  for (let t = from + step; t <= to + 1e-9; t += step) {
    const report = tracker.progress(Number(t.toFixed(6)));
    if (report !== null) reports.push(report);
  }
  return reports;
}

describe('view tracker: when a view is reported (spec §2.4, §7 reads)', () => {
  it('reports once the visitor has watched two seconds, with the time watched', () => {
    const tracker = new ViewTracker();
    expect(tracker.play(0)).toBeNull();
    expect(playThrough(tracker, 0, 1.75)).toEqual([]);
    expect(tracker.progress(2)).toBeCloseTo(2);
    expect(tracker.reported).toBe(true);
  });

  it('reports exactly once, however long the video keeps playing', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    const reports = playThrough(tracker, 0, 10);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBeCloseTo(VIEW_AFTER_SECONDS);
    expect(tracker.pause(10)).toBeNull();
    expect(tracker.hidden(10)).toBeNull();
    expect(tracker.ended(10)).toBeNull();
  });

  it('does not report for a short play that is still on screen', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 1);
    expect(tracker.pause(1)).toBeNull();
    expect(tracker.reported).toBe(false);
    expect(tracker.watchedSeconds).toBeCloseTo(1);
  });

  it('adds up the time played across pauses, and not the time paused', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 1);
    tracker.pause(1);
    expect(tracker.progress(1)).toBeNull(); // a timeupdate while paused adds nothing
    tracker.play(1);
    expect(playThrough(tracker, 1, 1.8, 0.2)).toEqual([]);
    expect(tracker.watchedSeconds).toBeCloseTo(1.8);
    expect(tracker.progress(2)).toBeCloseTo(2);
  });

  it('reports on leaving view after at least half a second of play', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 0.75);
    expect(tracker.hidden(0.8)).toBeCloseTo(0.8);
    expect(tracker.hidden(0.8)).toBeNull();
  });

  it('does not report on leaving view before half a second, and stays ready for later', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    tracker.progress(0.25);
    expect(tracker.hidden(0.3)).toBeNull();
    tracker.pause(0.3);
    // scrolled back and watched on
    tracker.play(0.3);
    playThrough(tracker, 0.3, 1.8);
    expect(tracker.progress(2.05)).toBeCloseTo(2.05);
  });

  it('counts exactly the half-second threshold on leaving', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    tracker.progress(0.25);
    expect(tracker.hidden(VIEW_ON_LEAVE_AFTER_SECONDS)).toBe(VIEW_ON_LEAVE_AFTER_SECONDS);
  });

  it('reports on the page hiding, counting the play since the last timeupdate', () => {
    const tracker = new ViewTracker();
    tracker.play(3); // resumed part way through
    tracker.progress(3.25);
    tracker.progress(3.5);
    expect(tracker.hidden(3.9)).toBeCloseTo(0.9);
  });

  it('does not report on leaving view when it never played', () => {
    const tracker = new ViewTracker();
    expect(tracker.hidden()).toBeNull();
    expect(tracker.hidden(0)).toBeNull();
    expect(tracker.reported).toBe(false);
  });

  it('uses the time already counted when leaving view without a current time', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 1.5);
    expect(tracker.hidden()).toBeCloseTo(1.5);
  });

  it('reports when a short video ends a loop, before two seconds', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 1.25); // a 1.4 s clip
    expect(tracker.progress(0.1, 1.4)).toBeCloseTo(1.25 + 0.15 + 0.1);
    expect(tracker.progress(0.3, 1.4)).toBeNull();
  });

  it('recognises a loop without a known duration as a jump back to the start', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 1.5);
    expect(tracker.progress(0.05)).toBeCloseTo(1.55);
  });

  it('does not take a jump back from mid-video for a loop when the duration is known', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 1.5);
    expect(tracker.progress(0, 10)).toBeNull(); // a seek back to the start of a 10 s video
    expect(tracker.watchedSeconds).toBeCloseTo(1.5);
    playThrough(tracker, 0, 0.25);
    expect(tracker.progress(0.5, 10)).toBeCloseTo(2);
  });

  it('does not take a jump back to the middle for a loop', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 1.5);
    expect(tracker.progress(1.2, 1.5)).toBeNull();
    expect(tracker.watchedSeconds).toBeCloseTo(1.5);
  });

  it('reports on the ended event, with the time watched', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    playThrough(tracker, 0, 1);
    expect(tracker.ended(1.1)).toBeCloseTo(1.1);
    expect(tracker.ended(1.1)).toBeNull();
  });

  it('does not count seeks forward or a stalled tab catching up', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    tracker.progress(0.25);
    expect(tracker.progress(8)).toBeNull();
    expect(tracker.watchedSeconds).toBeCloseTo(0.25);
    playThrough(tracker, 8, 9.5);
    expect(tracker.watchedSeconds).toBeCloseTo(1.75);
  });

  it('ignores times that are not numbers', () => {
    const tracker = new ViewTracker();
    tracker.play(Number.NaN);
    expect(tracker.progress(1)).toBeNull();
    tracker.play(0);
    expect(tracker.progress(Number.NaN)).toBeNull();
    expect(tracker.progress(Number.POSITIVE_INFINITY)).toBeNull();
    expect(tracker.progress(-1)).toBeNull();
    expect(tracker.watchedSeconds).toBe(0);
    expect(tracker.progress(0.5, Number.NaN)).toBeNull();
    expect(tracker.watchedSeconds).toBeCloseTo(0.5);
  });

  it('adds nothing for time updates before the first play', () => {
    const tracker = new ViewTracker();
    expect(tracker.progress(0.25)).toBeNull();
    expect(tracker.progress(3)).toBeNull();
    expect(tracker.watchedSeconds).toBe(0);
  });

  it('caps the watched time at a day', () => {
    const tracker = new ViewTracker();
    tracker.play(0);
    // a long loop of a 1 s clip, never reported because the first loop reports; check the total
    let t = 0;
    for (let i = 0; i < 4 * MAX_WATCHED_SECONDS; i++) {
      t = (t + 0.5) % 1;
      tracker.progress(t, 1);
    }
    expect(tracker.watchedSeconds).toBe(MAX_WATCHED_SECONDS);
  });
});
