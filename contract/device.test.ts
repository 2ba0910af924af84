import { describe, expect, it } from 'vitest';
import {
  MOBILE_MAX_WIDTH,
  TABLET_MAX_WIDTH,
  deviceClassFromUserAgent,
  deviceClassFromWidth,
  type DeviceClass,
} from './device';

describe('deviceClassFromWidth (spec §2.5, §9)', () => {
  it('has the breakpoints of spec §9', () => {
    expect(MOBILE_MAX_WIDTH).toBe(767);
    expect(TABLET_MAX_WIDTH).toBe(1280);
  });

  it.each<[number, DeviceClass]>([
    [0, 'mobile'],
    [320, 'mobile'],
    [375, 'mobile'],
    [767, 'mobile'],
    [767.5, 'mobile'],
    [768, 'tablet'],
    [1024, 'tablet'],
    [1280, 'tablet'],
    [1280.5, 'tablet'],
    [1281, 'desktop'],
    [1920, 'desktop'],
    [Number.POSITIVE_INFINITY, 'desktop'],
  ])('%d px is %s', (width, device) => {
    expect(deviceClassFromWidth(width)).toBe(device);
  });

  it('treats an unknown width (NaN) as desktop', () => {
    expect(deviceClassFromWidth(Number.NaN)).toBe('desktop');
  });
});

const USER_AGENTS: [string, string, DeviceClass][] = [
  [
    'iPhone Safari',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'mobile',
  ],
  [
    'iPhone Chrome',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    'mobile',
  ],
  [
    'iPhone Instagram in-app',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21B101 Instagram 312.1.0.34.111 (iPhone15,3; iOS 17_1_2; en_US; en; scale=3.00; 1290x2796; 548339486)',
    'mobile',
  ],
  [
    'iPod touch',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    'mobile',
  ],
  [
    'Android Chrome phone',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    'mobile',
  ],
  [
    'Samsung Internet phone',
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    'mobile',
  ],
  [
    'Firefox Android phone',
    'Mozilla/5.0 (Android 14; Mobile; rv:124.0) Gecko/124.0 Firefox/124.0',
    'mobile',
  ],
  [
    'Windows Phone 8',
    'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch; NOKIA; Lumia 920)',
    'mobile',
  ],
  [
    'Windows 10 Mobile Edge',
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
    'mobile',
  ],
  [
    'Opera Mini on Android',
    'Opera/9.80 (Android; Opera Mini/7.5.33361/31.1448; U; en) Presto/2.8.119 Version/11.1010',
    'mobile',
  ],
  [
    'Opera Mini on J2ME',
    'Opera/9.80 (J2ME/MIDP; Opera Mini/4.2.14912/870; U; id) Presto/2.4.15',
    'mobile',
  ],
  [
    'BlackBerry 10 (generic Mobi)',
    'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.10+ (KHTML, like Gecko) Version/10.0.9.2372 Mobile Safari/537.10+',
    'mobile',
  ],
  [
    'KaiOS feature phone (generic Mobi)',
    'Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i; Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
    'mobile',
  ],
  [
    'iPad Safari',
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'tablet',
  ],
  [
    'iPad Chrome',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    'tablet',
  ],
  [
    'Pixel tablet Chrome',
    'Mozilla/5.0 (Linux; Android 14; Pixel Tablet) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'tablet',
  ],
  [
    'Galaxy Tab S9',
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Safari/537.36',
    'tablet',
  ],
  [
    'Galaxy Tab Samsung Internet',
    'Mozilla/5.0 (Linux; Android 12; SM-T870) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/22.0 Chrome/111.0.5563.116 Safari/537.36',
    'tablet',
  ],
  [
    'Nexus 7',
    'Mozilla/5.0 (Linux; Android 4.4.2; Nexus 7 Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/34.0.1847.114 Safari/537.36',
    'tablet',
  ],
  [
    'Firefox Android tablet',
    'Mozilla/5.0 (Android 14; Tablet; rv:124.0) Gecko/124.0 Firefox/124.0',
    'tablet',
  ],
  [
    'Kindle Fire HD Silk',
    'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/108.4.6 like Chrome/108.0.5359.220 Safari/537.36',
    'tablet',
  ],
  [
    'Kindle Fire Silk saying Mobile',
    'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/535.19 (KHTML, like Gecko) Silk/3.4 Mobile Safari/535.19 Silk-Accelerated=true',
    'tablet',
  ],
  [
    'Kindle Silk desktop mode',
    'Mozilla/5.0 (Macintosh; U; Intel Mac OS X 10_6_3; en-us; Silk/1.0.146.3-Gen4_12000410) AppleWebKit/533.16 (KHTML, like Gecko) Version/5.0 Safari/533.16 Silk-Accelerated=true',
    'tablet',
  ],
  [
    'Kindle e-reader',
    'Mozilla/5.0 (X11; U; Linux armv7l like Android; en-us) AppleWebKit/531.2+ (KHTML, like Gecko) Version/5.0 Safari/531.2+ Kindle/3.0+',
    'tablet',
  ],
  [
    'BlackBerry PlayBook',
    'Mozilla/5.0 (PlayBook; U; RIM Tablet OS 2.1.0; en-US) AppleWebKit/536.2+ (KHTML, like Gecko) Version/7.2.1.0 Safari/536.2+',
    'tablet',
  ],
  [
    'iPadOS desktop-class Safari (no hint, reads as a Mac)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    'desktop',
  ],
  [
    'desktop Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'desktop',
  ],
  [
    'desktop Chrome on Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'desktop',
  ],
  [
    'desktop Firefox',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    'desktop',
  ],
  [
    'desktop Firefox on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
    'desktop',
  ],
  [
    'desktop Safari',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    'desktop',
  ],
  [
    'desktop Edge',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
    'desktop',
  ],
  [
    'Internet Explorer on a Tablet PC',
    'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0; SLCC2; .NET CLR 2.0.50727; Tablet PC 2.0)',
    'desktop',
  ],
  [
    'Googlebot',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'desktop',
  ],
  [
    'Googlebot smartphone',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.60 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'desktop',
  ],
  ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'desktop'],
  [
    'Facebook link preview',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'desktop',
  ],
  ['curl', 'curl/8.5.0', 'desktop'],
  ['unknown text', 'something else entirely', 'desktop'],
];

describe('deviceClassFromUserAgent', () => {
  it.each(USER_AGENTS)('%s → %s', (_name, userAgent, device) => {
    expect(deviceClassFromUserAgent(userAgent)).toBe(device);
  });

  it.each([null, undefined, ''])('treats %j as desktop', (userAgent) => {
    expect(deviceClassFromUserAgent(userAgent)).toBe('desktop');
    expect(deviceClassFromUserAgent(userAgent, null)).toBe('desktop');
  });

  describe('Sec-CH-UA-Mobile hint', () => {
    const userAgent = (name: string): string => {
      const row = USER_AGENTS.find(([rowName]) => rowName === name);
      if (!row) throw new Error(`no user agent named ${name}`);
      return row[1];
    };
    const desktopChrome = userAgent('desktop Chrome on Linux');
    const androidTablet = userAgent('Pixel tablet Chrome');
    const androidPhone = userAgent('Android Chrome phone');

    it("makes '?1' mobile whatever the user agent reads as", () => {
      expect(deviceClassFromUserAgent(desktopChrome, '?1')).toBe('mobile');
      expect(deviceClassFromUserAgent(androidTablet, '?1')).toBe('mobile');
      expect(deviceClassFromUserAgent(androidPhone, '?1')).toBe('mobile');
      expect(deviceClassFromUserAgent(null, '?1')).toBe('mobile');
    });

    it("accepts '?1' with surrounding whitespace", () => {
      expect(deviceClassFromUserAgent(desktopChrome, ' ?1 ')).toBe('mobile');
    });

    it("leaves '?0' to the user agent (tablets and desktops both send it)", () => {
      expect(deviceClassFromUserAgent(desktopChrome, '?0')).toBe('desktop');
      expect(deviceClassFromUserAgent(androidTablet, '?0')).toBe('tablet');
      expect(deviceClassFromUserAgent(androidPhone, '?0')).toBe('mobile');
    });

    it('ignores an absent or unreadable hint', () => {
      for (const hint of [undefined, null, '', '1', 'true', '?2']) {
        expect(deviceClassFromUserAgent(desktopChrome, hint)).toBe('desktop');
        expect(deviceClassFromUserAgent(androidTablet, hint)).toBe('tablet');
      }
    });
  });
});
