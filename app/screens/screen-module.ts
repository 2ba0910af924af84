import type { ReactNode } from 'react';
import type { Environment } from '../../contract/environment';
import type { Reads } from '../../contract/endpoints';
import type { JsonLd, SocialMetaInput } from '../features/seo/structured-data';
import type { ShareResource } from '../features/sharing/referrer';
import type { Screen } from '../route-sets';

export interface ScreenLoadArgs {
  screen: Screen;
  url: URL;
  /** spec §7 reads: in process on the server, over /api in the browser. */
  reads: Reads;
  environment: Environment;
}

export interface ScreenMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; the current path when absent. */
  canonicalPath?: string;
  /** HTTP status of a document request (404 when the thing does not exist). */
  status?: number;
  /**
   * The thing's own address, when this one names it with a wrong slug (a real id under another
   * name): a document request moves there (301, the query kept), a client navigation too.
   */
  redirect?: string;
  /** The robots meta tag (`noindex, follow` for results pages); none: index and follow. */
  robots?: string;
  /** Link previews (Open Graph, Twitter): the kind of page and its poster or video. */
  social?: Pick<SocialMetaInput, 'type' | 'image' | 'video'>;
  /** Structured data for search engines (schema.org JSON-LD). */
  jsonLd?: JsonLd[];
}

/** One screen of spec §2: how it loads, how it is described, how it looks. */
export interface ScreenModule<Data = unknown> {
  load(args: ScreenLoadArgs): Promise<Data>;
  /** `origin` is the site's public origin, for absolute URLs in structured data. */
  meta(data: Data, screen: Screen, origin: string): ScreenMeta;
  Screen(props: { data: Data; screen: Screen }): ReactNode;
  /** What a shared link to this screen shares (for the ?referrer= tracker), if anything. */
  shareResource?(data: Data): ShareResource | null;
}

export const defineScreen = <Data>(module: ScreenModule<Data>): ScreenModule<Data> => module;
