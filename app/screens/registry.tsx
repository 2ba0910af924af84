import type { ScreenId } from '../route-sets';
import { screen as business } from './business';
import { screen as campaigns } from './campaigns';
import { screen as city } from './city';
import { screen as feed } from './feed';
import { screen as landing } from './landing';
import { screen as location } from './location';
import { screen as review } from './review';
import { screen as search } from './search';
import type { ScreenLoadArgs, ScreenMeta, ScreenModule } from './screen-module';
import { screen as user } from './user';

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

/**
 * Every screen module of spec §2, by name. Imported statically so that the server-rendered page
 * links each screen's CSS (no flash of unstyled content, no layout shift); heavy parts inside a
 * screen (the business area, the campaigns, charts) load on demand on their own.
 */
const modules: { [Name in ScreenModuleName]: ScreenModule<ScreenDataMap[Name]> } = {
  landing,
  location,
  review,
  user,
  city,
  search,
  feed,
  business,
  campaigns,
};

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
  };
}[Name];

async function loadWith<Name extends ScreenModuleName>(
  name: Name,
  args: ScreenLoadArgs,
  siteUrl: string,
): Promise<LoadedScreen<Name>> {
  const module = modules[name];
  const data = await module.load(args);
  const meta = module.meta(data, args.screen, siteUrl);
  const canonical = siteUrl + (meta.canonicalPath ?? args.url.pathname);
  const loaded: LoadedScreen<Name> = {
    module: name,
    screen: args.screen,
    data,
    meta: { ...meta, canonical },
  };
  return loaded;
}

/** Loads the screen `args.screen` names with its module. */
export const loadScreen = (args: ScreenLoadArgs, siteUrl: string): Promise<LoadedScreen> =>
  loadWith(MODULE_OF[args.screen.id], args, siteUrl);

/** Renders a loaded screen with the module that loaded it. */
export function ScreenView<Name extends ScreenModuleName>({
  loaded,
}: {
  loaded: LoadedScreen<Name>;
}) {
  const { Screen } = modules[loaded.module];
  return <Screen data={loaded.data} screen={loaded.screen} />;
}

/** What a shared link to the loaded screen shares (for the ?referrer= tracker), if anything. */
export function shareResourceOf<Name extends ScreenModuleName>(loaded: LoadedScreen<Name>) {
  return modules[loaded.module].shareResource?.(loaded.data) ?? null;
}
