import { isbot } from 'isbot';

/** spec §2, §9: the three device classes (the spec's "certain device flag" is tablet). */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export const MOBILE_MAX_WIDTH = 767; // spec §9: mobile under 768px
export const TABLET_MAX_WIDTH = 1280; // spec §9: tablet under 1281px

/** spec §2.5 breakpoints: the browser's confirmation of the server's guess. */
export function deviceClassFromWidth(width: number): DeviceClass {
  // "under 768px": a zoomed viewport can be 767.5px wide and is still mobile
  if (width < MOBILE_MAX_WIDTH + 1) return 'mobile';
  if (width < TABLET_MAX_WIDTH + 1) return 'tablet';
  return 'desktop';
}

// Tablets whose user agent also says "Mobile" (iPad Safari, older Kindle Silk), so checked first.
const TABLET_FIRST = /\b(iPad|Kindle|Silk|PlayBook)\b|\bTablet\b(?! PC)/i;
const MOBILE = /\b(iPhone|iPod|Windows Phone|Opera Mini)\b/i;
const ANDROID = /\bAndroid\b/i;
// Android phones say "Mobile"; Android tablets leave it out.
const ANDROID_PHONE = /\bMobile\b/;
const GENERIC_MOBILE = /Mobi/;

/**
 * Server side (docs/architecture.md, "Route sets"): the device class from the User-Agent, with the
 * Sec-CH-UA-Mobile client hint when present. The hint's '?1' is the browser's own word that it is
 * a phone; '?0' is sent by tablets and desktops alike, so the user agent decides then.
 * Bots and anything unrecognised get 'desktop'.
 */
export function deviceClassFromUserAgent(
  userAgent: string | null | undefined,
  mobileHint?: string | null,
): DeviceClass {
  if (mobileHint?.trim() === '?1') return 'mobile';
  if (!userAgent) return 'desktop';
  if (isbot(userAgent)) return 'desktop';
  if (TABLET_FIRST.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  if (ANDROID.test(userAgent)) return ANDROID_PHONE.test(userAgent) ? 'mobile' : 'tablet';
  if (GENERIC_MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}
