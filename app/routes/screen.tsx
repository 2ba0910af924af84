import { Suspense } from 'react';
import {
  data as withStatus,
  redirect,
  redirectDocument,
  useLoaderData,
  useLocation,
  useNavigation,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { browserApi } from '../api/browser-api';
import { readFailed, readsOver } from '../api/reads';
import { ScreenLayout } from '../layout/screen-layout';
import { ScreenSkeleton } from '../layout/screen-skeleton';
import { deviceClassFromWidth } from '../../contract/device';
import { webContext } from '../load-context';
import { browserConfig, firstLoadOf, pinnedFirstLoad } from '../page-state';
import { useRootData } from '../root-data';
import { needsFullLoad, resolveRouteSet, resolveScreen } from '../route-sets';
import { socialMeta } from '../features/seo/structured-data';
import { AuthProvider } from '../shared/auth/auth';
import { useShareTracker } from '../features/sharing/use-share-tracker';
import { loadScreen, ScreenView } from '../screens/registry';

/** A document request is a first load: it decides the route set from its own path (spec §2). */
export async function loader({ url, context: requestContext }: LoaderFunctionArgs) {
  const context = requestContext.get(webContext);
  const { routeSet } = firstLoadOf(url, context);
  const { publicConfig } = context;
  const loaded = await loadScreen(
    {
      screen: resolveScreen(routeSet, url.pathname + url.search),
      url,
      reads: context.reads,
      environment: publicConfig.environment,
    },
    publicConfig.siteUrl,
  );
  if (publicConfig.testHooks && url.searchParams.get('__throw') === 'loader') {
    throw new Error('Test hook: the loader failed');
  }
  // A real id under a wrong slug: moved for good to its own address (ADR 031).
  if (loaded.meta.redirect) throw redirect(loaded.meta.redirect + url.search, 301);
  // The screen's own chunk, fetched beside the page's other modules (ADR 038).
  const preload = context.screenPreloads?.(loaded.module) ?? [];
  return withStatus({ ...loaded, preload }, { status: loaded.meta.status ?? 200 });
}

/**
 * Client navigations stay in the set of the first load. One whose path that set would show as
 * another screen than a first load of it does (a city tile on the desktop landing page, a search
 * result, a link into the business area) becomes a full page load instead, whatever started it:
 * the new first path decides again (spec §2.1), so a page always shows what a reload shows.
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const pinned = pinnedFirstLoad();
  if (
    pinned &&
    needsFullLoad(pinned.routeSet, url.pathname + url.search, pinned.device, pinned.appOnDesktop)
  )
    throw redirectDocument(url.pathname + url.search);
  const routeSet =
    pinned?.routeSet ?? resolveRouteSet(url.pathname, deviceClassFromWidth(window.innerWidth));
  const config = browserConfig() ?? { siteUrl: window.location.origin, environment: 'unknown' };
  let failed = false;
  const loaded = await loadScreen(
    {
      screen: resolveScreen(routeSet, url.pathname + url.search),
      url,
      reads: readsOver(browserApi(), (error) => {
        failed ||= readFailed(error);
      }),
      environment: config.environment,
    },
    config.siteUrl,
  );
  if (loaded.meta.redirect) throw redirect(loaded.meta.redirect + url.search);
  // As on the server (ADR 031): a read that failed never makes the page say "not found"; the
  // visitor gets spec §8's fallback with its Retry instead.
  if (failed && loaded.meta.status === 404)
    throw new Error(
      `A read failed while loading ${url.pathname}: not telling the visitor it is gone`,
    );
  return { ...loaded, preload: [] };
}

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => {
  if (!data) return [{ title: 'Spotreel' }];
  const { title, description, canonical, social, jsonLd, robots } = data.meta;
  return [
    { title },
    { name: 'description', content: description },
    ...(robots ? [{ name: 'robots', content: robots }] : []),
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:site_name', content: 'Spotreel' },
    ...socialMeta({
      title,
      description,
      url: canonical,
      type: social?.type ?? 'website',
      image: social?.image,
      video: social?.video,
    }),
    ...(jsonLd ?? []).map((item) => ({ 'script:ld+json': item })),
    ...data.preload.map((href) => ({ tagName: 'link', rel: 'modulepreload', href })),
  ];
};

export default function ScreenRoute() {
  const loaded = useLoaderData<typeof loader>();
  useShareTracker(loaded.share);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  // The signed-in user comes with the first load (root loader, from the session cookie).
  const initialUser = useRootData()?.user ?? null;
  return (
    <AuthProvider initialUser={initialUser}>
      <ScreenLayout screen={loaded.screen}>
        <TestThrow />
        {leaving ? (
          <ScreenSkeleton />
        ) : (
          // While the first page hydrates, the screen's chunk may still be on its way: React
          // keeps the server's HTML of the screen until it arrives (ADR 038).
          <Suspense fallback={<ScreenSkeleton />}>
            <ScreenView loaded={loaded} />
          </Suspense>
        )}
      </ScreenLayout>
    </AuthProvider>
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
