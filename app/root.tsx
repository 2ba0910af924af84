import {
  data,
  Links,
  Meta,
  Outlet,
  redirectDocument,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
} from 'react-router';
import { useContext, useEffect } from 'react';
import { preloadModule } from 'react-dom';
import type { Route } from './+types/root';
import { ErrorScreen } from './layout/error-fallback';
import { ScreenLayout } from './layout/screen-layout';
import { Analytics } from './features/analytics/analytics-root';
import { AppInstallProvider } from './features/app-install/app-install';
import { businessMeta } from './features/business/business-meta';
import { pageMeta } from './shared/seo/page-meta';
import { AuthProvider } from './shared/auth/auth';
import { loadSessionUser } from './shared/auth/session-api';
import { appOnDesktop } from './flags';
import { shownPageContext, webContext } from './load-context';
import { pinnedFirstLoad, rememberFirstLoad, type FirstLoad } from './page-state';
import { paths } from './paths';
import { useRootData } from './root-data';
import { needsFullLoad, resolveRouteSet, showsBusinessLanding } from './route-sets';
import { useNavigationTimeout } from './use-navigation-timeout';
import { ensureSiteCookies } from './api/browser-api';
import { lazyChunk } from './chunk-reload';
import globalStyles from './styles/global.css?url';

// spec §2.2's business landing at an address of the business set that names no business page:
// rare, so its code comes only with such a page (and fails after spec §9's chunk timeout).
const BusinessLanding = lazyChunk(() =>
  import('./features/business/business-landing').then((m) => ({ default: m.BusinessLanding })),
);

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Decides once, before any loader runs, which route set this address picks and whether the root
 * shows the business landing instead of the matched page (spec §2, §2.2): the root's loader and
 * the consumer pages' loaders (`consumerLoader`) read it (ADR 074). On a navigation's `.data`
 * request it decides from the new address, which picks the first load's set whenever the
 * business set is concerned (`clientMiddleware` below loads any other as a new page).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ url, context }) => {
    const { device, flags } = context.get(webContext);
    const routeSet = resolveRouteSet(url.pathname, device, appOnDesktop(flags));
    context.set(shownPageContext, {
      routeSet,
      businessLanding: showsBusinessLanding(routeSet, url.pathname),
    });
  },
];

/**
 * The first load's route set (spec §2) and what every page shows around it; the root never
 * reloads its data on client navigations, so the set holds for the page's life.
 */
export async function loader({ url, context: requestContext }: Route.LoaderArgs) {
  const context = requestContext.get(webContext);
  if (context.publicConfig.testHooks && url.searchParams.get('__throw') === 'loader')
    throw new Error('Test hook: the loader failed');
  const { reads } = context;
  const [trending, user] = await Promise.all([
    reads.trendingLocations(),
    // Only a visitor with a session cookie can be signed in: the rest skip the read.
    context.hasSession ? loadSessionUser(reads) : null,
  ]);
  const { routeSet, businessLanding } = requestContext.get(shownPageContext);
  const firstLoad: FirstLoad = {
    routeSet,
    device: context.device,
    appOnDesktop: appOnDesktop(context.flags),
  };
  return data(
    {
      firstLoad,
      config: context.publicConfig,
      // spec §3 page flag data, the flags; the distinct id is the browser's own cookie (ADR 070)
      flags: context.flags,
      nonce: context.nonce,
      // What the footer's list shows and links to, not each place's whole summary: the root's
      // data goes into every page (ADR 044).
      trending: (trending?.data ?? []).map(
        ({ clm_id, clm_name, clm_slug, clm_city, city_slug }) => ({
          clm_id,
          clm_name,
          clm_slug,
          clm_city,
          city_slug,
        }),
      ),
      user,
    },
    // spec §2.2: the business landing shown at another address is a 404 (ADR 031)
    { status: businessLanding ? 404 : 200 },
  );
}

export const shouldRevalidate = () => false;

/**
 * A navigation in code (a search submitted, a form) to a path whose first load would pick
 * another route set loads a new page, as links to it do (app/route-sets.ts needsFullLoad).
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const url = new URL(request.url);
    const pinned = pinnedFirstLoad();
    const path = url.pathname + url.search;
    if (pinned && needsFullLoad(pinned.routeSet, path, pinned.device, pinned.appOnDesktop))
      throw redirectDocument(path);
    await next();
  },
];

/** The business landing's description, when the root shows it (the pages' `meta` defer to it). */
export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData && showsBusinessLanding(loaderData.firstLoad.routeSet, location.pathname)
    ? pageMeta(loaderData.config.siteUrl, location.pathname, businessMeta('landing', paths.biz()))
    : [];

/** `preloadModule`'s options as React DOM 19.3 takes them (@types/react-dom lacks fetchPriority). */
const preloadModuleAt = preloadModule as (
  href: string,
  options: { as: 'script'; fetchPriority: 'low'; integrity?: string },
) => void;

/**
 * The page's scripts, declared at low fetch priority before `<Scripts>` names them (ADR 081;
 * bench/RESULTS.md, "Scripts at low priority": Lighthouse's first contentful paint 2.2 → 1.1 s
 * on the landing page). React DOM writes these links early in `<head>`; the same addresses in
 * `<Scripts>` start no second fetch, so the low priority holds and the stylesheets and the main
 * image are not made to share their bandwidth with 150 KB of scripts. Server render only: in the
 * browser the links are in the document already.
 */
function LowPriorityModulePreloads() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  if (typeof document !== 'undefined' || !framework || framework.isSpaMode) return null;
  const { manifest, routeDiscovery, ssr } = framework;
  // the modules `<Scripts>` preloads, in its order (tests/api/pages.test.ts compares the two)
  const hrefs = new Set(routeDiscovery.mode === 'lazy' && ssr ? [] : [manifest.url]);
  for (const href of [manifest.entry.module, ...manifest.entry.imports]) hrefs.add(href);
  for (const { id } of matches) {
    const route = manifest.routes[id];
    if (!route) continue;
    const { module, clientActionModule, clientLoaderModule, hydrateFallbackModule } = route;
    for (const href of [module, clientActionModule, clientLoaderModule, hydrateFallbackModule])
      if (href) hrefs.add(href);
    for (const href of route.imports ?? []) hrefs.add(href);
  }
  // The first link's fetch settles the module: it must carry what `<Scripts>`' would.
  const sri = typeof manifest.sri === 'object' ? manifest.sri : {};
  for (const href of hrefs)
    preloadModuleAt(href, { as: 'script', fetchPriority: 'low', integrity: sri[href] });
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#15131C" />
        <Meta />
        {/*
          The base styles first, then the app's one stylesheet (<Links />, ADR 082: every CSS
          module, and the chart library's styles), so a module's rule wins over a base rule of
          the same weight. No chunk links a stylesheet of its own when it arrives, so the page
          does not restyle then.
        */}
        <link rel="stylesheet" href={globalStyles} />
        <Links nonce={data?.nonce} />
        <LowPriorityModulePreloads />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        {data ? (
          // spec §3 page flag data's flags, readable without React (the trackers bootstrap
          // from them, with the distinct id of the browser's cookie).
          <script
            id="page-flags"
            type="application/json"
            dangerouslySetInnerHTML={{ __html: jsonForScript({ flags: data.flags }) }}
          />
        ) : null}
        {/*
          The render's nonce marks its own inline scripts: the CSP allows exactly those, by hash
          (server/csp.ts). The client gets it too, so hydration sees the same attributes.
        */}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  rememberFirstLoad(loaderData.firstLoad, loaderData.config);
  useNavigationTimeout();
  // A page a shared cache kept set no cookie: the script gets them before it needs them.
  useEffect(() => void ensureSiteCookies(), []);
  const { pathname } = useLocation();
  return (
    <AuthProvider initialUser={loaderData.user}>
      <AppInstallProvider>
        {showsBusinessLanding(loaderData.firstLoad.routeSet, pathname) ? (
          <ScreenLayout layout="business-bare" screen="biz-landing">
            <BusinessLanding />
          </ScreenLayout>
        ) : (
          <Outlet />
        )}
        <Analytics />
      </AppInstallProvider>
    </AuthProvider>
  );
}

/** JSON inside <script>: no `</script>` or `<!--` can close it early. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * spec §8: render failures show the fallback screen with a Retry link to '/'; so does a page the
 * database cannot serve (a 503 thrown by the loader above).
 */
export function ErrorBoundary({ error }: { error: unknown }) {
  return <ErrorScreen error={error} />;
}
