import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyChunk } from '../../chunk-reload';
import { useLocation } from 'react-router';
import { TRACKED_LABELS, type TrackedLabel } from '../../../contract/analytics-events';
import { pinnedFirstLoad } from '../../page-state';
import { useRootData, type RootData } from '../../root-data';
import { TRACKED_ATTRIBUTE } from '../../shared/tracked';
import {
  refuseTracking,
  startTracking,
  takeWaiting,
  track,
  trackClick,
  trackingStarted,
} from './analytics';
import { EVENTS_ENDPOINT, sendEvents } from './beacon';
import {
  forgetTrackers,
  onConsentSettings,
  storeConsent,
  storedConsent,
  type Consent,
} from './consent';

const ConsentBanner = lazyChunk(() => import('./consent-banner'));

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

/** Whether measurement may run now: consent is not required here, or the visitor allowed it. */
const allowed = (root: RootData) =>
  !root.config.analytics.consentRequired || storedConsent() === 'granted';

let loading = false;

/** Loads the configured trackers once; a "No thanks" while they load still stops them. */
async function loadTrackers(root: RootData) {
  if (loading || trackingStarted()) return;
  loading = true;
  try {
    const { createTrackers } = await import('./trackers');
    if (allowed(root)) startTracking(await createTrackers(root.config.analytics));
  } finally {
    loading = false;
  }
}

/**
 * Measurement for the whole app (docs/decisions/017-flags-and-analytics.md): a page view on load
 * and on each client navigation, the labelled clicks of spec §7, and the trackers — loaded after
 * the page is interactive, and only after the visitor's consent when consent is required.
 */
export function Analytics() {
  const root = useRootData();
  const location = useLocation();
  const [asking, setAsking] = useState<false | 'first' | 'again'>(false);
  // Where the focus goes back to after an answer (the footer's "Cookie choices").
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    track('page-view');
  }, [location.pathname, location.search]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const control = (event.target as Element | null)?.closest?.(`[${TRACKED_ATTRIBUTE}]`);
      const label = control?.getAttribute(TRACKED_ATTRIBUTE) ?? undefined;
      if (isTrackedLabel(label)) trackClick(label, pinnedFirstLoad()?.routeSet === 'business');
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    if (!root) return;
    const cancel = whenInteractive(() => {
      if (allowed(root)) void loadTrackers(root);
      else if (storedConsent() === 'denied') refuseTracking();
      else setAsking('first');
    });
    const stopListening = onConsentSettings(() => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAsking('again');
    });
    // A click that leaves the page before the trackers started (an outbound link in the first
    // second) would be lost; the first-party sink needs no script to load, so it still gets it.
    const { analytics } = root.config;
    const sinkOnly = !analytics.posthog && !analytics.ga4 && !analytics.metaPixel;
    const rescue = () => {
      if (sinkOnly && allowed(root) && !trackingStarted())
        sendEvents(EVENTS_ENDPOINT, takeWaiting());
    };
    window.addEventListener('pagehide', rescue);
    return () => {
      cancel();
      stopListening();
      window.removeEventListener('pagehide', rescue);
    };
    // Once per page: the root's data never changes after the first load (root.tsx's
    // shouldRevalidate), so `root` keeps its identity.
  }, [root]);

  if (!asking || !root) return null;
  const choose = (choice: Consent) => {
    setAsking(false);
    opener.current?.focus();
    opener.current = null;
    storeConsent(choice);
    if (choice === 'granted') void loadTrackers(root);
    else if (trackingStarted() || loading) {
      // Trackers already on the page cannot be unloaded: a fresh page starts without them, and
      // what they kept in this browser goes.
      refuseTracking();
      forgetTrackers();
      window.location.reload();
    } else refuseTracking();
  };
  return (
    <Suspense fallback={null}>
      <ConsentBanner current={storedConsent()} takeFocus={asking === 'again'} onChoose={choose} />
    </Suspense>
  );
}
