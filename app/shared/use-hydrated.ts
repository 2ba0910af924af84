import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while the page hydrates, true once React owns the page (and
 * from the first render of a page rendered in the browser). A form whose code sends it keeps its
 * submit button disabled until then: a tap, or Enter in a field, before that code arrives would
 * have the browser send it itself, as a GET with every field (a name, an email, a phone) in the
 * address (ADR 055). The search results' filters keep their Apply button (a plain GET form)
 * until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
