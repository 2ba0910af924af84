import { useEffect } from 'react';
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
