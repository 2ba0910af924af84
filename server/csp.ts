import { createHash } from 'node:crypto';
import type { Config } from './config';

/** Where Google and Facebook serve the profile photos people sign up with (Apple sends none). */
const PROVIDER_PHOTO_HOSTS = [
  'https://*.googleusercontent.com',
  'https://*.fbcdn.net',
  'https://*.fbsbx.com',
];

interface Sources {
  script: string[];
  connect: string[];
  img: string[];
}

/**
 * The hosts each configured tracker needs, from the vendors' CSP guides; a tracker without a key
 * adds nothing (docs/decisions/017-flags-and-analytics.md). PostHog's library is bundled with the
 * app and loads no scripts of its own (external dependency loading is off), so it only talks.
 */
function trackerSources(analytics: Config['analytics']): Sources {
  const sources: Sources = { script: [], connect: [], img: [] };
  if (analytics.posthog) sources.connect.push(new URL(analytics.posthog.host).origin);
  if (analytics.ga4) {
    sources.script.push('https://*.googletagmanager.com');
    sources.connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
    sources.img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  if (analytics.metaPixel) {
    sources.script.push('https://connect.facebook.net');
    sources.connect.push('https://www.facebook.com');
    sources.img.push('https://www.facebook.com');
  }
  return sources;
}

const list = (...parts: string[]) => parts.filter(Boolean).join(' ');

const SCRIPT_OPEN = Buffer.from('<script');
const SCRIPT_CLOSE = Buffer.from('</script');
/** A script that is data (`type="application/json"`), never run: the policy does not apply. */
const DATA_BLOCK = /\stype="application\/(?:ld\+)?json"/i;

/**
 * The CSP source of each inline script the render marked with its `nonce` (React Router's own:
 * contract/web-load-context.ts): `'sha256-…'` of its text as a browser
 * hashes it (UTF-8, line breaks normalised to LF by the HTML parser). Scripts with a `src` are
 * allowed by `'self'`; data blocks are not run. Worked out once per render and kept with a
 * cached page (docs/decisions/070-pages-a-shared-cache-can-hold.md): React escapes `>` in
 * attribute values, so a start tag ends at its first `>`, and a script's text cannot hold
 * `</script` (React Router and our JSON escape `<`).
 */
export function inlineScriptHashes(html: Buffer, nonce: string): string[] {
  const mark = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (let at = html.indexOf(SCRIPT_OPEN); at !== -1; at = html.indexOf(SCRIPT_OPEN, at + 1)) {
    const tagEnd = html.indexOf(0x3e /* > */, at);
    if (tagEnd === -1) break;
    const end = html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (end === -1) break;
    const tag = html.toString('latin1', at, tagEnd);
    // only the render's own scripts: an unmarked one (injected markup) stays blocked
    if (/\ssrc=/i.test(tag) || DATA_BLOCK.test(tag) || !tag.includes(mark)) continue;
    let text = html.subarray(tagEnd + 1, end);
    if (text.includes(0x0d /* CR */))
      text = Buffer.from(text.toString('utf8').replace(/\r\n?/g, '\n'), 'utf8');
    hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    at = end;
  }
  return [...hashes];
}

/**
 * Content-Security-Policy of pages: scripts only from us, or inline with one of this page's
 * hashes (React Router's inline scripts, `inlineScriptHashes`), or from a configured tracker's
 * host — never `unsafe-inline`, and no nonce: the page's bytes are the same for every visitor
 * a cache gives them to. With `HOT_RELOAD` (`npm run dev`, never in production) the page also
 * talks to Vite's hot-update websocket, on the host the page came from (`host`, the request's
 * Host header).
 */
export function pageCsp(scriptHashes: readonly string[], config: Config, host?: string): string {
  const media = config.mediaBaseUrl.startsWith('http') ? new URL(config.mediaBaseUrl).origin : '';
  const trackers = trackerSources(config.analytics);
  const hotUpdates =
    config.hotReload && !config.isProduction && host ? `ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...scriptHashes, ...trackers.script)}`,
    // Styles: React's style props (poster tints, progress bars) are inline attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', media, ...PROVIDER_PHOTO_HOSTS, ...trackers.img)}`,
    `media-src ${list("'self'", 'blob:', media)}`,
    `connect-src ${list("'self'", hotUpdates, ...trackers.connect)}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
