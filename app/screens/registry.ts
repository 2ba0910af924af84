import type { ScreenId } from '../route-sets';
import { screen as business } from './business';
import { screen as campaigns } from './campaigns';
import { screen as city } from './city';
import { screen as feed } from './feed';
import { screen as landing } from './landing';
import { screen as location } from './location';
import { screen as review } from './review';
import type { ScreenModule } from './screen-module';
import { screen as user } from './user';

/**
 * Every screen of spec §2, by id. Screens are imported statically so that the server-rendered
 * page links each screen's CSS (no flash of unstyled content, no layout shift); heavy parts
 * inside a screen (the player, charts) load lazily on their own.
 */
const screens = {
  landing,
  location,
  review,
  user,
  city,
  feed,
  collection: feed,
  'user-collection': feed,
  'biz-landing': business,
  'biz-claim': business,
  'biz-claim-complete': business,
  'biz-sign-in': business,
  'biz-dashboard': business,
  'verify-business': business,
  'verify-business-checkout': business,
  scholarship: campaigns,
  'kygo-sweepstakes': campaigns,
  'kygo-sweepstakes-rules': campaigns,
  creators: campaigns,
  communityround: campaigns,
  trytibbs: campaigns,
} satisfies Record<ScreenId, object>;

export const screenModule = (id: ScreenId) => screens[id] as ScreenModule<unknown>;
