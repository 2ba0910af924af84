import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { MobileInstallBanner, StickyAppFooter } from '../features/app-install/app-footer-prompts';
import type { LayoutKind, ScreenId } from '../route-sets';
import { useRootData } from '../root-data';
import { ClaimBanner } from './claim-banner';
import { ScreenSkeleton } from './screen-skeleton';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

/**
 * What a route module says of its page in its `handle`: which screen `<main data-screen>` names.
 * A route that shows two screens (the results page on `/?q=`) names it from its loader's data.
 */
export interface PageHandle {
  screen: ScreenId | ((data: never) => ScreenId);
}

/**
 * The screen the deepest matched route names (its `handle`, app/routes/*), unless another page
 * is shown in its place (the business landing: that route's loader then read nothing, ADR 074).
 */
function useShownScreen(instead: ScreenId | undefined): ScreenId | undefined {
  const leaf = useMatches().at(-1);
  if (instead) return instead;
  const screen = (leaf?.handle as PageHandle | undefined)?.screen;
  if (typeof screen !== 'function') return screen;
  // (no data when its loader failed: a layout's error boundary shows the chrome without it)
  return leaf?.loaderData === undefined
    ? undefined
    : (screen as (data: unknown) => ScreenId)(leaf.loaderData);
}

/**
 * The shared chrome each layout of spec §2.2–2.4 gets, around the page: the route's own
 * `<Outlet />` (a layout route), or `children` (a page with chrome of its own).
 */
export function ScreenLayout({
  layout,
  screen,
  children,
}: {
  layout: LayoutKind;
  /** The page shown, when it is not the matched route's (the business landing of spec §2.2). */
  screen?: ScreenId;
  children?: ReactNode;
}) {
  const main = (
    <Main layout={layout} screen={screen}>
      {children ?? <Outlet />}
    </Main>
  );
  switch (layout) {
    case 'consumer':
    case 'campaign-shared':
      return (
        <>
          <TopNav />
          {main}
          <ClaimBanner />
          <SiteFooter />
          <StickyAppFooter />
          <MobileInstallBanner />
        </>
      );
    case 'business-shared':
      return (
        <>
          <TopNav />
          {main}
          <SiteFooter />
        </>
      );
    case 'business-sign-in':
      return (
        <>
          <TopNav hideOnDesktop />
          {main}
        </>
      );
    case 'campaign-compact':
      return (
        <>
          <TopNav compact />
          {main}
        </>
      );
    case 'business-bare':
    case 'none':
      return main;
  }
}

function Main({
  layout,
  screen,
  children,
}: {
  layout: LayoutKind;
  screen?: ScreenId;
  children: ReactNode;
}) {
  const shown = useShownScreen(screen);
  const routeSet = useRootData()?.firstLoad.routeSet;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // On the way to another page, its skeleton: no blank flash, no stale page under a new address.
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  // Once the page is React's (hydrated, or rendered in the browser), <main> says so: browser
  // tests wait for it before they type, so nothing typed into the server's HTML is replaced.
  useEffect(() => {
    document.getElementById('main')?.setAttribute('data-screen-hydrated', '');
  }, []);
  return (
    <main id="main" data-screen={shown} data-route-set={routeSet} data-layout={layout}>
      <TestThrow />
      {leaving ? <ScreenSkeleton /> : children}
    </main>
  );
}

/** Test-only trigger of the render-failure fallback (spec §8), on with TEST_HOOKS=true only. */
function TestThrow() {
  const root = useRootData();
  const { search } = useLocation();
  if (root?.config.testHooks && new URLSearchParams(search).get('__throw') === 'render') {
    throw new Error('Test hook: the screen failed to render');
  }
  return null;
}
