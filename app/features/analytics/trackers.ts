import type { PageFlags } from '../../../contract/analytics-events';
import type { PublicConfig } from '../../../contract/public-config';
import type { Tracker } from './analytics';
import { EVENTS_ENDPOINT } from './beacon';
import { firstPartySink } from './first-party-sink';
import { ga4Tracker, metaPixelTracker } from './script-trackers';

/** spec §1: the trackers start from the flag data embedded in the page (root.tsx). */
function embeddedPageFlags(): PageFlags {
  return JSON.parse(document.getElementById('page-flags')?.textContent ?? 'null') as PageFlags;
}

/**
 * The trackers this deployment configured; with none (the default), the first-party sink gets
 * the same events so development and tests see exactly what would be sent.
 */
export async function createTrackers(config: PublicConfig['analytics']): Promise<Tracker[]> {
  const page = embeddedPageFlags();
  const trackers: Tracker[] = [];
  if (config.posthog) {
    const { posthogTracker } = await import('./posthog-tracker');
    trackers.push(posthogTracker(config.posthog, page));
  }
  if (config.ga4) trackers.push(ga4Tracker(config.ga4, page.distinct_id));
  if (config.metaPixel) trackers.push(metaPixelTracker(config.metaPixel, page.distinct_id));
  if (trackers.length === 0) trackers.push(firstPartySink(EVENTS_ENDPOINT));
  return trackers;
}
