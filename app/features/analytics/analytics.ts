import {
  TRACKED_LABELS,
  type AnalyticsEventName,
  type TrackedLabel,
} from '../../../contract/analytics-events';

/** One event as every destination gets it (docs/decisions/017-flags-and-analytics.md). */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  /** The clicked control's label (spec §7), for click events. */
  label?: string;
  path: string;
  title?: string;
  referrer?: string;
  occurredAt: string;
  /** The whole address, query included (campaign parameters), for the third-party trackers only. */
  url: string;
}

/** A destination of events: the first-party sink, PostHog, Google Analytics or the Meta pixel. */
export interface Tracker {
  send(event: AnalyticsEvent): void;
}

/** Events of the first moments wait here until the trackers load (after consent, when asked). */
const MAX_WAITING = 50;
let waiting: AnalyticsEvent[] = [];
let trackers: readonly Tracker[] | null = null;
let refused = false;
let lastPage: string | null = null;

/**
 * The page's address as the trackers get it: without query parameters that work as a password
 * (a claim receipt, `?claim=`, ADR 031), which must not leave for analytics or the events sink.
 */
function trackedHref(): string {
  const url = new URL(window.location.href);
  for (const name of ['claim']) url.searchParams.delete(name);
  return url.href;
}

/** Sends an event to every tracker, or keeps it until they start; nothing once refused. */
export function track(name: AnalyticsEventName, label?: string): void {
  if (refused || typeof window === 'undefined') return;
  // Within the sink's limits (contract/analytics.ts): one long field must not lose a batch.
  const event: AnalyticsEvent = {
    name,
    path: window.location.pathname.slice(0, 500),
    title: document.title.slice(0, 200),
    occurredAt: new Date().toISOString(),
    url: trackedHref(),
  };
  if (label) event.label = label;
  if (name === 'page-view') {
    // The first page's referrer is the other site; later ones are the page before, in this app.
    const referrer = lastPage ?? document.referrer;
    if (referrer) event.referrer = referrer.slice(0, 500);
    lastPage = trackedHref();
  }
  if (trackers) for (const tracker of trackers) tracker.send(event);
  else if (waiting.length < MAX_WAITING) waiting.push(event);
}

/**
 * spec §7 click events: the label's event, plus the cart event when a business is claimed from
 * a business page.
 */
export function trackClick(label: TrackedLabel, onBusinessPage: boolean): void {
  const name = TRACKED_LABELS[label];
  track(name, label);
  if (name === 'claim-business-click' && onBusinessPage) track('add-to-cart', label);
}

/** Trackers are running: what waited goes out first. */
export function startTracking(list: readonly Tracker[]): void {
  if (refused) return;
  trackers = list;
  const queued = waiting;
  waiting = [];
  for (const event of queued) for (const tracker of list) tracker.send(event);
}

/** The visitor said no: drop what waited and send nothing from now on. */
export function refuseTracking(): void {
  refused = true;
  waiting = [];
}

export const trackingStarted = () => trackers !== null;

/** Hands over what waited (the page is going away before the trackers started). */
export function takeWaiting(): AnalyticsEvent[] {
  const queued = waiting;
  waiting = [];
  return queued;
}
