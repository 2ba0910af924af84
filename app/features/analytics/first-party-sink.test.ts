import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from './analytics';
import { firstPartySink } from './first-party-sink';

const event = (name: AnalyticsEvent['name'], label?: string): AnalyticsEvent => ({
  name,
  ...(label ? { label } : {}),
  path: '/place/il/chicago/x',
  occurredAt: '2026-11-25T10:00:00.000Z',
  url: 'https://spotreel.app/place/il/chicago/x',
});

/** A stand-in page whose beacons are recorded: each one the event names it carried. */
function page() {
  const beacons: string[][] = [];
  const listeners = new Map<string, () => void>();
  const target = { addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) };
  vi.stubGlobal('window', target);
  vi.stubGlobal('document', { ...target, visibilityState: 'visible' });
  vi.stubGlobal('navigator', {
    sendBeacon: (_url: string, body: Blob) => {
      void body.text().then((text) => {
        const sent = JSON.parse(text) as { events: AnalyticsEvent[] };
        beacons.push(sent.events.map((e) => e.label ?? e.name));
      });
      return true;
    },
  });
  return { beacons, fire: (type: string) => listeners.get(type)!() };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
};

describe('the first-party sink', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('batches page views for a second', async () => {
    const { beacons } = page();
    const sink = firstPartySink('/api/events');
    sink.send(event('page-view'));
    sink.send(event('page-view'));
    await settle();
    expect(beacons).toEqual([]);
    vi.advanceTimersByTime(1000);
    await settle();
    expect(beacons).toEqual([['page-view', 'page-view']]);
  });

  it('sends a click at once, with what waited, in one request per click', async () => {
    const { beacons } = page();
    const sink = firstPartySink('/api/events');
    sink.send(event('page-view'));
    sink.send(event('claim-business-click', 'Claim'));
    sink.send(event('add-to-cart', 'Claim'));
    await settle();
    expect(beacons).toEqual([['page-view', 'Claim', 'Claim']]);
    // nothing is left for the timer to send twice
    vi.advanceTimersByTime(1000);
    sink.send(event('install-button-click', 'Install Now'));
    await settle();
    expect(beacons).toEqual([['page-view', 'Claim', 'Claim'], ['Install Now']]);
  });

  it('sends what waits when the page is hidden or left', async () => {
    const { beacons, fire } = page();
    const sink = firstPartySink('/api/events');
    sink.send(event('page-view'));
    fire('pagehide');
    await settle();
    expect(beacons).toEqual([['page-view']]);
  });
});
