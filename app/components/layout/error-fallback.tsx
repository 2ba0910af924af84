import { useEffect } from 'react';
import styles from './error-fallback.module.css';

const RELOAD_KEY = 'chunk_reload_at';
const RELOAD_GUARD_MS = 60_000;

/** After a deploy, an old page asks for chunks that no longer exist. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    error.message,
  );
}

/**
 * spec §8: the render-failure screen. A failed chunk load reloads the page once (guarded so
 * a broken deploy cannot loop) before this screen stays.
 */
export function ErrorFallback({ error }: { error: unknown }) {
  useEffect(() => {
    if (!isChunkLoadError(error)) return;
    const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
  }, [error]);

  return (
    <main id="main" className={styles.fallback}>
      <div className={styles.card} role="alert">
        <span className={styles.mark} aria-hidden="true" />
        <h1 className={styles.title}>
          Oops, looks like something went wrong. Let&apos;s try this again.
        </h1>
        <a className={styles.retry} href="/">
          Retry
        </a>
      </div>
    </main>
  );
}
