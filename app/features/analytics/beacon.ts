import type { AnalyticsEvent } from './analytics';
import { writeRequest } from '../../../contract/endpoints';

/**
 * Sends events to the first-party sink in one request that survives the page going away
 * (`sendBeacon`; the server accepts it without the CSRF header only from our own origin, ADR 017).
 * Our own record keeps the path, not the query: campaign parameters are for the trackers.
 */
export function sendEvents(endpoint: string, events: readonly AnalyticsEvent[]): void {
  if (events.length === 0) return;
  const body = JSON.stringify({ events: events.map(({ url: _url, ...stored }) => stored) });
  if (navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'application/json' }))) return;
  void fetch(endpoint, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
}

export const EVENTS_ENDPOINT = writeRequest('events').path;
