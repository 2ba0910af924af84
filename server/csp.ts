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

/**
 * Content-Security-Policy of pages: scripts only from us, with this response's nonce (React
 * Router's inline scripts) or from a configured tracker's host — never `unsafe-inline`. With
 * `HOT_RELOAD` (`npm run dev`, never in production) the page also talks to Vite's hot-update
 * websocket, on the host the page came from (`host`, the request's Host header).
 */
export function pageCsp(nonce: string, config: Config, host?: string): string {
  const media = config.mediaBaseUrl.startsWith('http') ? new URL(config.mediaBaseUrl).origin : '';
  const trackers = trackerSources(config.analytics);
  const hotUpdates =
    config.hotReload && !config.isProduction && host ? `ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    `script-src ${list("'self'", `'nonce-${nonce}'`, ...trackers.script)}`,
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
