import { use, useEffect } from 'react';
import { withChunkTimeout } from '../chunk-reload';
import type { ScreenId } from '../route-sets';
import type { screen as business } from './business';
import type { screen as campaigns } from './campaigns';
import type { screen as city } from './city';
import type { screen as feed } from './feed';
import type { screen as landing } from './landing';
import type { screen as location } from './location';
import type { screen as review } from './review';
import type { screen as search } from './search';
import type { ShareResource } from '../features/sharing/referrer';
import type { ScreenLoadArgs, ScreenMeta, ScreenModule } from './screen-module';
import type { screen as user } from './user';

type DataOf<Module> = Module extends ScreenModule<infer Data> ? Data : never;

/** Each screen module's data, by module name. */
interface ScreenDataMap {
  landing: DataOf<typeof landing>;
  location: DataOf<typeof location>;
  review: DataOf<typeof review>;
  user: DataOf<typeof user>;
  city: DataOf<typeof city>;
  search: DataOf<typeof search>;
  feed: DataOf<typeof feed>;
  business: DataOf<typeof business>;
  campaigns: DataOf<typeof campaigns>;
}
export type ScreenModuleName = keyof ScreenDataMap;

type Modules = { [Name in ScreenModuleName]: ScreenModule<ScreenDataMap[Name]> };

/**
 * Every screen module of spec §2, by name, each its own chunk (docs/decisions/038-screen-chunks.md):
 * a place page does not ship the landing, city or feed code. The server's page names its
 * screen's chunk for preloading (`screenPreloads`), the browser hydrates once it has arrived
 * (`ScreenView`), and a client navigation's loader waits for it. Every screen's CSS is linked
 * with every page (vite.config.ts), so no screen is ever shown unstyled.
 */
const sources: { [Name in ScreenModuleName]: ScreenSource<Modules[Name]> } = {
  landing: source(() => import('./landing')),
  location: source(() => import('./location')),
  review: source(() => import('./review')),
  user: source(() => import('./user')),
  city: source(() => import('./city')),
  search: source(() => import('./search')),
  feed: source(() => import('./feed')),
  business: source(() => import('./business')),
  campaigns: source(() => import('./campaigns')),
};

/** The source file of each screen module: the build's manifest names its chunk by it. */
export const screenSourceFile = (name: ScreenModuleName) => `app/screens/${name}.tsx`;

interface ScreenSource<Module> {
  /** The module, once its chunk has arrived. */
  arrived(): Module | undefined;
  /** The module, when its chunk arrives (one request however often asked; again after a failure). */
  load(): Promise<Module>;
}

function source<Module>(load: () => Promise<{ screen: Module }>): ScreenSource<Module> {
  let module: Module | undefined;
  let pending: Promise<Module> | undefined;
  return {
    arrived: () => module,
    load: () =>
      (pending ??= withChunkTimeout(load).then(
        (loaded) => (module = loaded.screen),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
}

/** Which module shows each screen of spec §2. */
const MODULE_OF: Record<ScreenId, ScreenModuleName> = {
  landing: 'landing',
  location: 'location',
  review: 'review',
  user: 'user',
  city: 'city',
  search: 'search',
  feed: 'feed',
  collection: 'feed',
  'user-collection': 'feed',
  'biz-landing': 'business',
  'biz-claim': 'business',
  'biz-claim-complete': 'business',
  'biz-sign-in': 'business',
  'biz-dashboard': 'business',
  'verify-business': 'business',
  'verify-business-checkout': 'business',
  scholarship: 'campaigns',
  'kygo-sweepstakes': 'campaigns',
  'kygo-sweepstakes-rules': 'campaigns',
  creators: 'campaigns',
  communityround: 'campaigns',
  trytibbs: 'campaigns',
};

/** A loaded screen: its module's name and that module's data, kept together by the type. */
export type LoadedScreen<Name extends ScreenModuleName = ScreenModuleName> = {
  [N in Name]: {
    module: N;
    screen: ScreenLoadArgs['screen'];
    data: ScreenDataMap[N];
    meta: ScreenMeta & { canonical: string };
    /** What a shared link to the screen shares (for the ?referrer= tracker), if anything. */
    share: ShareResource | null;
  };
}[Name];

async function loadWith<Name extends ScreenModuleName>(
  name: Name,
  args: ScreenLoadArgs,
  siteUrl: string,
): Promise<LoadedScreen<Name>> {
  const module = await sources[name].load();
  const data = await module.load(args);
  const meta = module.meta(data, args.screen, siteUrl);
  const canonical = siteUrl + (meta.canonicalPath ?? args.url.pathname);
  const loaded: LoadedScreen<Name> = {
    module: name,
    screen: args.screen,
    data,
    meta: { ...meta, canonical },
    share: module.shareResource?.(data) ?? null,
  };
  return loaded;
}

/** Loads the screen `args.screen` names with its module. */
export const loadScreen = (args: ScreenLoadArgs, siteUrl: string): Promise<LoadedScreen> =>
  loadWith(MODULE_OF[args.screen.id], args, siteUrl);

/**
 * Renders a loaded screen with the module that loaded it. Its loader has always waited for the
 * module, except while the first page hydrates: then it suspends until the chunk arrives, and
 * React keeps the server's HTML of the screen meanwhile (the caller's Suspense boundary).
 */
export function ScreenView<Name extends ScreenModuleName>({
  loaded,
}: {
  loaded: LoadedScreen<Name>;
}) {
  // Once the screen is React's (hydrated, or rendered in the browser), <main> says so: browser
  // tests wait for it before they type, so nothing typed into the server's HTML is replaced.
  useEffect(() => {
    document.getElementById('main')?.setAttribute('data-screen-hydrated', '');
  }, []);
  const source = sources[loaded.module];
  const { Screen } = source.arrived() ?? use(source.load());
  return <Screen data={loaded.data} screen={loaded.screen} />;
}
