import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from './analytics';

/** A fresh copy of the module (its queue is module state) in a stand-in page. */
async function freshAnalytics(
  path = '/city/il/chicago',
  title = 'Chicago · Spotreel',
  search = '?utm_source=news',
) {
  vi.resetModules();
  vi.stubGlobal('window', {
    location: {
      pathname: path,
      href: `https://spotreel.app${path}${search}`,
    },
  });
  vi.stubGlobal('document', { title, referrer: 'https://search.example/' });
  return import('./analytics');
}

const recorder = () => {
  const seen: AnalyticsEvent[] = [];
  return { seen, tracker: { send: (event: AnalyticsEvent) => seen.push(event) } };
};

describe('analytics core', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('never sends a claim receipt in the address to any tracker (ADR 031)', async () => {
    const analytics = await freshAnalytics(
      '/claim-business/complete',
      'Thanks · Spotreel',
      '?claim=123.secret-mark&utm_source=news',
    );
    const { seen, tracker } = recorder();
    analytics.startTracking([tracker]);
    analytics.track('page-view');
    analytics.track('page-view');
    expect(seen[0]!.url).toBe('https://spotreel.app/claim-business/complete?utm_source=news');
    // the next page's referrer is the same address, without the receipt
    expect(seen[1]!.referrer).toBe('https://spotreel.app/claim-business/complete?utm_source=news');
  });

  it('keeps events until the trackers start, then sends them in order', async () => {
    const analytics = await freshAnalytics();
    analytics.track('page-view');
    analytics.trackClick('Install Now', false);
    const { seen, tracker } = recorder();
    analytics.startTracking([tracker]);
    expect(seen.map((e) => [e.name, e.label])).toEqual([
      ['page-view', undefined],
      ['install-button-click', 'Install Now'],
    ]);
    expect(seen[0]).toMatchObject({
      path: '/city/il/chicago',
      referrer: 'https://search.example/',
      url: 'https://spotreel.app/city/il/chicago?utm_source=news',
    });
    analytics.track('page-view');
    expect(seen).toHaveLength(3);
    // the next page view's referrer is the page before, in this app
    expect(seen[2]?.referrer).toBe('https://spotreel.app/city/il/chicago?utm_source=news');
  });

  it('sends nothing after a refusal, even when trackers finish loading later', async () => {
    const analytics = await freshAnalytics();
    analytics.track('page-view');
    analytics.refuseTracking();
    analytics.track('page-view');
    const { seen, tracker } = recorder();
    analytics.startTracking([tracker]);
    analytics.track('page-view');
    expect(seen).toEqual([]);
    expect(analytics.trackingStarted()).toBe(false);
  });

  it('adds the cart event only to claims made on business pages', async () => {
    const analytics = await freshAnalytics('/biz');
    const { seen, tracker } = recorder();
    analytics.startTracking([tracker]);
    analytics.trackClick('Claim Your Business', true);
    analytics.trackClick('Claim Business', false);
    analytics.trackClick('join the team', true);
    expect(seen.map((e) => `${e.name}|${e.label}`)).toEqual([
      'claim-business-click|Claim Your Business',
      'add-to-cart|Claim Your Business',
      'claim-business-click|Claim Business',
      'checkout-initiation|join the team',
    ]);
  });

  it('keeps fields within the sink limits, so one long title cannot lose a batch', async () => {
    const analytics = await freshAnalytics(`/${'a'.repeat(600)}`, 'T'.repeat(300));
    const { seen, tracker } = recorder();
    analytics.startTracking([tracker]);
    analytics.track('page-view');
    expect(seen[0]?.path).toHaveLength(500);
    expect(seen[0]?.title).toHaveLength(200);
  });

  it('hands over what waited only once', async () => {
    const analytics = await freshAnalytics();
    analytics.track('page-view');
    expect(analytics.takeWaiting()).toHaveLength(1);
    expect(analytics.takeWaiting()).toEqual([]);
  });
});
