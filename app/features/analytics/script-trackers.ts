import type { AnalyticsEventName } from '../../../contract/analytics-events';
import type { Tracker } from './analytics';

/** The vendors' own names for our events where they have one; the rest go as custom events. */
const GA4_NAMES: Partial<Record<AnalyticsEventName, string>> = {
  'page-view': 'page_view',
  'add-to-cart': 'add_to_cart',
  'checkout-initiation': 'begin_checkout',
};
const META_NAMES: Partial<Record<AnalyticsEventName, string>> = {
  'page-view': 'PageView',
  'add-to-cart': 'AddToCart',
  'checkout-initiation': 'InitiateCheckout',
};

type Command = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Command;
    fbq?: Command & { callMethod?: Command; queue: unknown[][]; loaded: boolean; version: string };
    _fbq?: Window['fbq'];
  }
}

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Google Analytics 4 through gtag.js; its client id is the page's distinct id. */
export function ga4Tracker(measurementId: string, distinctId: string): Tracker {
  window.dataLayer ??= [];
  const gtag: Command = function () {
    // gtag.js reads `arguments` objects off the data layer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag = gtag;
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false, client_id: distinctId });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
  return {
    send(event) {
      gtag('event', GA4_NAMES[event.name] ?? event.name.replaceAll('-', '_'), {
        page_location: event.url,
        page_title: event.title,
        ...(event.label ? { label: event.label } : {}),
      });
    },
  };
}

/** The Meta pixel through fbevents.js; the distinct id goes as its external id. */
export function metaPixelTracker(pixelId: string, distinctId: string): Tracker {
  const fbq = Object.assign(
    (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    },
    { queue: [] as unknown[][], loaded: true, version: '2.0' },
  ) as NonNullable<Window['fbq']>;
  window.fbq = fbq;
  window._fbq = fbq;
  fbq('init', pixelId, { external_id: distinctId });
  addScript('https://connect.facebook.net/en_US/fbevents.js');
  return {
    send(event) {
      const standard = META_NAMES[event.name];
      const data = event.label ? { label: event.label } : {};
      if (standard) fbq('track', standard, data);
      else fbq('trackCustom', event.name, data);
    },
  };
}
