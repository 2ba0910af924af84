import type { Location, MetaDescriptor } from 'react-router';
import { socialMeta, type JsonLd, type SocialMetaInput } from './structured-data';

/** How a page describes itself to browsers, search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; the current path when absent. */
  canonicalPath?: string;
  /** The robots meta tag (`noindex, follow` for results pages); none: index and follow. */
  robots?: string;
  /** Link previews (Open Graph, Twitter): the kind of page and its poster or video. */
  social?: Pick<SocialMetaInput, 'type' | 'image' | 'video'>;
  /** Structured data for search engines (schema.org JSON-LD). */
  jsonLd?: JsonLd[];
}

/** The tags of a page's `<head>`: title, description, canonical link, Open Graph, JSON-LD. */
export function pageMeta(origin: string, pathname: string, meta: PageMeta): MetaDescriptor[] {
  const { title, description, robots, social, jsonLd } = meta;
  const canonical = origin + (meta.canonicalPath ?? pathname);
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
  ];
}

interface MetaArgsOf<Data> {
  loaderData: Data | undefined;
  location: Location;
  matches: ReadonlyArray<{ id: string; loaderData: unknown; meta: MetaDescriptor[] } | undefined>;
}

/**
 * A route module's `meta`: the page's own description, unless the root shows another page at
 * this address (spec §2.2's business landing, app/root.tsx): then the root's. `origin` is the
 * site's public origin (absolute URLs of structured data).
 */
export function routeMeta<Data>(
  args: MetaArgsOf<Data>,
  describe: (data: Data, origin: string) => PageMeta,
): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === 'root');
  if (root?.meta.length) return root.meta;
  if (args.loaderData === undefined) return [{ title: 'Spotreel' }];
  const origin = (root?.loaderData as { config?: { siteUrl?: string } } | undefined)?.config
    ?.siteUrl;
  return pageMeta(origin ?? '', args.location.pathname, describe(args.loaderData, origin ?? ''));
}
