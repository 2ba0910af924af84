import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type LinksFunction,
  type LoaderFunctionArgs,
} from 'react-router';
import { LinkNavigation } from './components/ui/link';
import { ErrorFallback } from './layout/error-fallback';
import { Analytics } from './features/analytics/analytics-root';
import { AppInstallProvider } from './features/app-install/app-install';
import { loadSessionUser } from './shared/auth/session-api';
import { webContext } from './load-context';
import { firstLoadOf, rememberFirstLoad } from './page-state';
import { useRootData } from './root-data';
import globalStyles from './styles/global.css?url';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * The first load decides the route set (spec §2) from its own path and the device; the root
 * never reloads its data on client navigations, so the set holds for the page's life.
 */
export async function loader({ url, context: requestContext }: LoaderFunctionArgs) {
  const context = requestContext.get(webContext);
  // This page's data could not be read: the fallback below, as a 503 (ADR 026, ADR 031).
  if (context.dataUnavailable)
    throw data('The page data could not be read', {
      status: 503,
      statusText: 'Service Unavailable',
    });
  const { reads } = context;
  const [trending, user] = await Promise.all([
    reads.trendingLocations(),
    // Only a visitor with a session cookie can be signed in: the rest skip the read.
    context.hasSession ? loadSessionUser(reads) : null,
  ]);
  return {
    firstLoad: firstLoadOf(url, context),
    config: context.publicConfig,
    pageFlags: context.pageFlags,
    nonce: context.nonce,
    // What the footer's list shows and links to, not each place's whole summary: the root's
    // data goes into every page (ADR 044).
    trending: (trending?.data ?? []).map(({ clm_id, clm_name, clm_slug, clm_city, city_slug }) => ({
      clm_id,
      clm_name,
      clm_slug,
      clm_city,
      city_slug,
    })),
    user,
  };
}

export const shouldRevalidate = () => false;

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
          The base styles first, then the shared stylesheet of every CSS module (<Links />), so
          a module's rule wins over a base rule of the same weight. That is also the order once a
          screen's chunk arrives: Vite links the shared stylesheet again at the end of <head>, and
          the page must not restyle (shift) then (docs/decisions/038-screen-chunks.md).
        */}
        <link rel="stylesheet" href={globalStyles} />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        {data ? (
          // spec §3 page flag data, readable without React (the trackers bootstrap from it).
          <script
            id="page-flags"
            type="application/json"
            dangerouslySetInnerHTML={{ __html: jsonForScript(data.pageFlags) }}
          />
        ) : null}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  if (data) rememberFirstLoad(data.firstLoad, data.config);
  return (
    <LinkNavigation>
      <AppInstallProvider>
        <Outlet />
        <Analytics />
      </AppInstallProvider>
    </LinkNavigation>
  );
}

/** JSON inside <script>: no `</script>` or `<!--` can close it early. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * spec §8: render failures show the fallback screen with a Retry link to '/'; so does a page the
 * database cannot serve (a 503 thrown by the loader above).
 */
export function ErrorBoundary({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <LinkNavigation>
      <ErrorFallback error={error} />
    </LinkNavigation>
  );
}
