import type { AnalyticsEvent, Tracker } from './analytics';
import { sendEvents } from './beacon';

const BATCH_SIZE = 10;
const BATCH_DELAY_MS = 1000;

/**
 * POST /api/events in batches: ten events, a second after the first of a batch, or when the page
 * is hidden or left. A click's event (it has a label) goes at once, with what waited, in a
 * microtask (right after the listener that tracked it, before the page leaves or the popup
 * opens): a click often leaves the page or opens a popup, and a page that is then
 * hidden or left does not always say so (a headless browser's popup left the page hidden with no
 * `visibilitychange` after it, and the next clicks waited for a `pagehide` beacon never sent).
 */
export function firstPartySink(endpoint: string): Tracker {
  let batch: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushQueued = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    flushQueued = false;
    sendEvents(endpoint, batch);
    batch = [];
  };

  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });

  return {
    send(event) {
      batch.push(event);
      if (batch.length >= BATCH_SIZE) flush();
      else if (event.label !== undefined) {
        // One request for a click's events (a claim click is also an add-to-cart).
        if (!flushQueued) queueMicrotask(flush);
        flushQueued = true;
      } else timer ??= setTimeout(flush, BATCH_DELAY_MS);
    },
  };
}
