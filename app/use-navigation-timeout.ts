import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError } from './chunk-reload';

/**
 * spec §8, §9: a navigation whose page has not come after CHUNK_LOAD_TIMEOUT_MS (a route's code
 * chunk the browser waits on for minutes, say) fails with a ChunkLoadError: the root's error
 * boundary shows the fallback screen with its Retry instead of a page busy for ever. React
 * Router imports a route's module with no time limit of its own.
 */
export function useNavigationTimeout(timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS) {
  const navigation = useNavigation();
  const [timedOut, setTimedOut] = useState<ChunkLoadError | null>(null);
  const pending = navigation.state === 'idle' ? null : (navigation.location?.key ?? null);
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(
      () =>
        setTimedOut(
          new ChunkLoadError(`A page did not arrive within ${timeoutMs} ms`, { timedOut: true }),
        ),
      timeoutMs,
    );
    return () => clearTimeout(timer);
  }, [pending, timeoutMs]);
  if (timedOut) throw timedOut;
}
