export interface DeepLinkInput {
  /** The app link base from config, e.g. 'https://spotreel.app.link/open'. */
  base: string;
  /** The current page's query string or URLSearchParams (utm_* read from it). */
  search: string | URLSearchParams;
  distinctId: string | null;
  /** The current page address (absolute URL). */
  pageUrl: string;
}

type UtmKey = 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_content';

/** spec §2.5: the campaign parameters and the app-link parameters they map to. */
export const UTM_TO_APP_LINK: Readonly<Record<UtmKey, string>> = {
  utm_source: '~channel',
  utm_medium: '~feature',
  utm_campaign: '~campaign',
  utm_content: '~tags',
};

const DISTINCT_ID = 'distinct_id';
const CANONICAL_URL = '$canonical_url';

// encodeURIComponent throws on a lone surrogate; the URL standard writes U+FFFD instead.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function encodeValue(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}

function decodedKey(pair: string): string {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * spec §2.5: the link every get-the-app / install / open action uses. The page's utm_* values go
 * to their app-link parameters (no other page parameter is copied), plus the distinct id and the
 * page address when known. The base's own query is kept as written, except keys set here, which are replaced.
 */
export function buildAppDeepLink(input: DeepLinkInput): string {
  const search =
    typeof input.search === 'string' ? new URLSearchParams(input.search) : input.search;
  const ours: [string, string][] = [];
  for (const [utm, appKey] of Object.entries(UTM_TO_APP_LINK)) {
    const value = search.get(utm);
    if (value?.trim()) ours.push([appKey, value]);
  }
  if (input.distinctId) ours.push([DISTINCT_ID, input.distinctId]);
  if (input.pageUrl) ours.push([CANONICAL_URL, input.pageUrl]);

  const hashAt = input.base.indexOf('#');
  const beforeHash = hashAt === -1 ? input.base : input.base.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : input.base.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const address = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const baseQuery = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);

  const replaced = new Set(ours.map(([key]) => key));
  const kept = baseQuery.split('&').filter((pair) => pair && !replaced.has(decodedKey(pair)));
  // The app-link keys ('~channel', '$canonical_url') are fixed and query-safe, so written as is.
  const added = ours.map(([key, value]) => `${key}=${encodeValue(value)}`);
  const query = [...kept, ...added].join('&');
  return `${address}${query ? `?${query}` : ''}${hash}`;
}
