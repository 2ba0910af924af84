import type { FlagValue, PageFlags } from '../../../contract/analytics-events';
import { ensureSiteCookies, visitorDistinctId } from '../../api/browser-api';
import type { PublicConfig } from '../../../contract/public-config';
import type { Tracker } from './analytics';
import { EVENTS_ENDPOINT } from './beacon';
import { firstPartySink } from './first-party-sink';
import { ga4Tracker, metaPixelTracker } from './script-trackers';

/**
 * spec §1, §3: the trackers start from the page flag data: the flags embedded in the page
 * (root.tsx) and the distinct id of the browser's own cookie, which a page a shared cache kept
 * did not set: it is asked for first when missing (docs/decisions/070-pages-a-shared-cache-can-hold.md).
 */
async function pageFlags(): Promise<PageFlags> {
  const embedded = JSON.parse(document.getElementById('page-flags')?.textContent ?? 'null') as {
    flags: Record<string, FlagValue>;
  } | null;
  await ensureSiteCookies();
  return { distinct_id: visitorDistinctId() ?? '', flags: embedded?.flags ?? {} };
}

/**
 * The trackers this deployment configured; with none (the default), the first-party sink gets
 * the same events so development and tests see exactly what would be sent.
 */
export async function createTrackers(config: PublicConfig['analytics']): Promise<Tracker[]> {
  const page = await pageFlags();
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
