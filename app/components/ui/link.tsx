import {
  createContext,
  useContext,
  useLayoutEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPath, useLocation, useNavigate, type NavigateFunction } from 'react-router';

/**
 * The app's in-app link (docs/decisions/052-one-navigate-for-every-link.md): an `<a>` whose plain
 * click navigates on the client, as React Router's `<Link>` does, for far less work per link.
 * React Router's `<Link>` runs about ten hooks on every render (the path resolved twice against
 * the route's matches, a `useNavigate` of its own, the prefetch and discovery state); a page
 * renders 70 to 120 of them: 5.5% of the request thread's time on a place page. Every
 * `to` here is an absolute path (app/paths.ts), so there is nothing to resolve: the link reads
 * one `navigate` that the root gives the whole page.
 *
 * It writes the same HTML as React Router's `<Link>` (`href`, `data-discover` for in-app paths,
 * which React Router's route discovery looks for), so server pages and hydration are unchanged.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute in-app path (`/…`), or a full URL, which opens as a plain link. */
  to: string;
  /** An in-app path that must load as a new page (another route set, spec §2). */
  reloadDocument?: boolean;
  /** Replace the current history entry. By default only a link to the page already shown does. */
  replace?: boolean;
  /** Keep the scroll position (a filter that changes part of the page). */
  preventScrollReset?: boolean;
}

interface Navigation {
  navigate: NavigateFunction;
  /** The router's location as a path (not the window's: a hash set past the router is not in it). */
  here: { path: string };
}

const Navigate = createContext<Navigation | null>(null);

/** Given once around the page: every `Link` below navigates with this one `navigate`. */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // One object for the page's life (React Router's `navigate` keeps its identity), so the links
  // never render again for it; a click reads where the router is.
  const [value] = useState<Navigation>(() => ({ navigate, here: { path: createPath(location) } }));
  // Before the browser paints the new page, so no click on it compares with the page before.
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/immutability -- removed with the custom Link (issue 37)
    value.here.path = createPath(location);
  }, [value, location]);
  return <Navigate.Provider value={value}>{children}</Navigate.Provider>;
}

/** An in-app path: one slash, not a protocol-relative `//host` address. */
const inApp = (to: string) => to.startsWith('/') && !to.startsWith('//');

/** A click the browser should handle itself: another button, a modifier key (new tab, download), another target. */
export function browserHandles(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>,
  target: string | undefined,
) {
  return (
    event.button !== 0 ||
    (!!target && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}

export function Link({
  to,
  reloadDocument,
  replace,
  preventScrollReset,
  onClick,
  target,
  ...rest
}: LinkProps) {
  const navigation = useContext(Navigate);
  const local = inApp(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !navigation || !local || reloadDocument) return;
    if (browserHandles(event, target)) return;
    event.preventDefault();
    // As React Router's <Link>: following a link to the page already shown adds no history entry.
    void navigation.navigate(to, {
      replace: replace ?? navigation.here.path === to,
      preventScrollReset,
    });
  };
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={handleClick}
      data-discover={local ? 'true' : undefined}
    />
  );
}
