import { useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { shouldReloadForChunkError } from '../chunk-reload';
import { ButtonLink } from '../components/ui/button';
import styles from './error-fallback.module.css';

/** spec §8: the render-failure screen; a failed chunk load first reloads the page once. */
export function ErrorFallback({ error }: { error: unknown }) {
  useEffect(() => {
    if (shouldReloadForChunkError(error, window.sessionStorage, Date.now()))
      window.location.reload();
  }, [error]);

  return (
    <main id="main" className={styles.fallback}>
      <div className={styles.card} role="alert">
        <span className={styles.mark} aria-hidden="true" />
        <h1 className={styles.title}>
          Oops, looks like something went wrong. Let&apos;s try this again.
        </h1>
        <ButtonLink href="/" variant="inverse">
          Retry
        </ButtonLink>
      </div>
    </main>
  );
}

/**
 * spec §8: what an error boundary shows for a render failure, or a page the database cannot
 * serve (a 503 thrown by a loader): the fallback screen, the error logged unless it is an answer.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorFallback error={error} />;
}
