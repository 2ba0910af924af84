import type { AnalyticsEvent, Tracker } from './analytics';
import { sendEvents } from './beacon';

const BATCH_SIZE = 10;
const BATCH_DELAY_MS = 1000;

/** POST /api/events in batches: ten events, a second after the first of a batch, or when the page is hidden or left. */
export function firstPartySink(endpoint: string): Tracker {
  let batch: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
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
      else timer ??= setTimeout(flush, BATCH_DELAY_MS);
    },
  };
}
