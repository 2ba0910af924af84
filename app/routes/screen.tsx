import {
  data as withStatus,
  useLoaderData,
  useLocation,
  useNavigation,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { PublicConfig } from '../../contract/public-config';
import { browserApi } from '../api/browser-api';
import type { ApiClient } from '../api/client';
import { serverApi } from '../api/server-api';
import { ScreenLayout } from '../layout/screen-layout';
import { ScreenSkeleton } from '../layout/screen-skeleton';
import { deviceClassFromUserAgent, deviceClassFromWidth } from '../device';
import { appOnDesktop } from '../flags';
import { browserConfig, pinnedFirstLoad } from '../page-state';
import { useRootData } from '../root-data';
import { resolveRouteSet, resolveScreen, type RouteSet, type Screen } from '../route-sets';
import { socialMeta } from '../features/seo/structured-data';
import { AuthProvider } from '../shared/auth/auth';
import { useShareTracker } from '../features/sharing/use-share-tracker';
import { screenModule } from '../screens/registry';
import type { ScreenMeta } from '../screens/screen-module';

interface ScreenData {
  screen: Screen;
  data: unknown;
  meta: ScreenMeta & { canonical: string };
}

async function loadScreen(
  routeSet: RouteSet,
  url: URL,
  api: ApiClient,
  config: Pick<PublicConfig, 'siteUrl' | 'environment'>,
): Promise<ScreenData> {
  const screen = resolveScreen(routeSet, url.pathname);
  const module = screenModule(screen.id);
  const data = await module.load({ screen, url, api, environment: config.environment });
  const siteUrl = config.siteUrl;
  const meta = module.meta(data, screen, siteUrl);
  return {
    screen,
    data,
    meta: { ...meta, canonical: siteUrl + (meta.canonicalPath ?? url.pathname) },
  };
}

/** A document request is a first load: it decides the route set from its own path (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const device = deviceClassFromUserAgent(
    request.headers.get('user-agent'),
    request.headers.get('sec-ch-ua-mobile'),
  );
  const result = await loadScreen(
    resolveRouteSet(url.pathname, device, appOnDesktop(context.pageFlags)),
    url,
    serverApi(context),
    context.publicConfig,
  );
  if (context.publicConfig.testHooks && url.searchParams.get('__throw') === 'loader') {
    throw new Error('Test hook: the loader failed');
  }
  return withStatus(result, { status: result.meta.status ?? 200 });
}

/** Client navigations stay in the set of the first load. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const routeSet =
    pinnedFirstLoad()?.routeSet ??
    resolveRouteSet(url.pathname, deviceClassFromWidth(window.innerWidth));
  return loadScreen(
    routeSet,
    url,
    browserApi(),
    browserConfig() ?? { siteUrl: window.location.origin, environment: 'unknown' },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Spotreel' }];
  const { title, description, canonical, social, jsonLd } = data.meta;
  return [
    { title },
    { name: 'description', content: description },
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
  ];
};

export default function ScreenRoute() {
  const { screen, data } = useLoaderData<typeof loader>() as ScreenData;
  const module = screenModule(screen.id);
  const { Screen } = module;
  useShareTracker(module.shareResource?.(data) ?? null);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  // The signed-in user comes with the first load (root loader, from the session cookie).
  const initialUser = useRootData()?.user ?? null;
  return (
    <AuthProvider initialUser={initialUser}>
      <ScreenLayout screen={screen}>
        <TestThrow />
        {leaving ? <ScreenSkeleton /> : <Screen data={data} screen={screen} />}
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
