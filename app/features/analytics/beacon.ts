/**
 * Sends events to the first-party sink in one request that survives the page going away
 * (`sendBeacon`; the server accepts it without the CSRF header only from our own origin, ADR 017).
 */
export function sendEvents(endpoint: string, events: readonly object[]): void {
  if (events.length === 0) return;
  const body = JSON.stringify({ events });
  if (navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'application/json' }))) return;
  void fetch(endpoint, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
}

export const EVENTS_ENDPOINT = '/api/events';
