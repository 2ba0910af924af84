import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { TRACKED_LABELS, type TrackedLabel } from '../../../contract/analytics-events';
import { pinnedFirstLoad } from '../../page-state';
import { useRootData, type RootData } from '../../root-data';
import {
  refuseTracking,
  startTracking,
  takeWaiting,
  track,
  trackClick,
  trackingStarted,
} from './analytics';
import { EVENTS_ENDPOINT, sendEvents } from './beacon';
import { onConsentSettings, storeConsent, storedConsent, type Consent } from './consent';

const ConsentBanner = lazy(() => import('./consent-banner'));

const isTrackedLabel = (label: string | undefined): label is TrackedLabel =>
  label !== undefined && Object.hasOwn(TRACKED_LABELS, label);

/** Runs `work` once the page has loaded and the main thread is idle (never before interaction). */
function whenInteractive(work: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    const run = () => !cancelled && work();
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

async function loadTrackers(root: RootData) {
  const { createTrackers } = await import('./trackers');
  startTracking(await createTrackers(root.config.analytics, root.pageFlags));
}

/**
 * Measurement for the whole app (docs/decisions/017-flags-and-analytics.md): a page view on load
 * and on each client navigation, the labelled clicks of spec §7, and the trackers — loaded after
 * the page is interactive, and only after the visitor's consent when consent is required.
 */
export function Analytics() {
  const root = useRootData();
  const location = useLocation();
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    track('page-view');
  }, [location.pathname, location.search]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const control = (event.target as Element | null)?.closest?.('[data-track]');
      const label = control?.getAttribute('data-track') ?? undefined;
      if (isTrackedLabel(label)) trackClick(label, pinnedFirstLoad()?.routeSet === 'business');
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    if (!root) return;
    const cancel = whenInteractive(() => {
      const consent = storedConsent();
      if (!root.config.analytics.consentRequired || consent === 'granted') void loadTrackers(root);
      else if (consent === 'denied') refuseTracking();
      else setAsking(true);
    });
    const stopListening = onConsentSettings(() => setAsking(true));
    // A click that leaves the page before the trackers started (an outbound link in the first
    // second) would be lost; the first-party sink needs no script to load, so it still gets it.
    const { analytics } = root.config;
    const sinkOnly = !analytics.posthog && !analytics.ga4 && !analytics.metaPixel;
    const rescue = () => {
      const allowed = !analytics.consentRequired || storedConsent() === 'granted';
      if (sinkOnly && allowed && !trackingStarted()) sendEvents(EVENTS_ENDPOINT, takeWaiting());
    };
    window.addEventListener('pagehide', rescue);
    return () => {
      cancel();
      stopListening();
      window.removeEventListener('pagehide', rescue);
    };
    // Once per page: the root's data never changes after the first load.
  }, []);

  if (!asking || !root) return null;
  const choose = (choice: Consent) => {
    setAsking(false);
    const running = trackingStarted();
    storeConsent(choice);
    if (choice === 'granted' && !running) void loadTrackers(root);
    // Trackers already on the page cannot be unloaded: a fresh page starts without them.
    else if (choice === 'denied' && running) window.location.reload();
    else if (choice === 'denied') refuseTracking();
  };
  return (
    <Suspense fallback={null}>
      <ConsentBanner current={storedConsent()} onChoose={choose} />
    </Suspense>
  );
}
