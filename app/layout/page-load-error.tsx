import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import type { LayoutKind } from '../route-sets';
import { Button } from '../components/ui/button';
import { ErrorScreen } from './error-fallback';
import { ScreenLayout } from './screen-layout';
import styles from './page-load-error.module.css';

/** The messages browsers give a fetch that never reached the server (Chromium, Firefox, Safari). */
const NETWORK_FAILURE =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/;

/**
 * Whether a navigation's data request could not reach the server (offline, the network gone):
 * no fault of the page, and nothing a reload from `/` would mend.
 */
export function isUnreachable(error: unknown): boolean {
  if (typeof window === 'undefined' || !(error instanceof TypeError)) return false;
  return !window.navigator.onLine || NETWORK_FAILURE.test(error.message);
}

/**
 * The error boundary of a layout route (app/routes/layouts/*): a page whose data could not come
 * over the network (an offline Back, say) keeps the header and the rest of the layout, and says
 * so where the page goes, with a Retry that asks for it again (issue 38). Every other error shows
 * the root's fallback screen (spec §8) from here: a boundary that threw again would fail the
 * server's render of it.
 */
export function layoutErrorBoundary(layout: LayoutKind) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    if (!isUnreachable(error)) return <ErrorScreen error={error} />;
    return (
      <ScreenLayout layout={layout}>
        <PageLoadError />
      </ScreenLayout>
    );
  };
}

function PageLoadError() {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the page was: a keyboard or screen reader user starts at what happened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={`page-width ${styles.panel}`}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        This page could not load
      </h1>
      <p>Check your connection, then try again.</p>
      <Button
        onClick={() => void revalidator.revalidate()}
        disabled={retrying}
        aria-busy={retrying}
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}
