/** What the callback page of /auth posts to its opener (server/auth/federation.ts). */
export const AUTH_MESSAGE_TYPE = 'spotreel:auth';

/** spec §9: the sign-in popup is 500 × 600. */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
const POPUP_NAME = 'spotreel-sign-in';
const CLOSED_POLL_MS = 400;
// A popup posts its answer and closes itself: give the message time to arrive before
// reading a closed popup as "the person closed it".
const CLOSED_GRACE_MS = 600;

export interface PopupAnswer {
  idToken: string | null;
  /** The provider user as the callback sent it (checked by the sign-in flow). */
  user: unknown;
}

/** The parts of `window` the popup needs (a fake one in unit tests). */
export interface PopupHost {
  open(url: string, target: string, features: string): Pick<Window, 'closed' | 'close'> | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  setInterval(handler: () => void, ms: number): number;
  clearInterval(id: number): void;
  setTimeout(handler: () => void, ms: number): number;
  location: { origin: string };
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

export class PopupBlockedError extends Error {
  constructor() {
    super('The sign-in window was blocked. Allow pop-ups for this site and try again.');
    this.name = 'PopupBlockedError';
  }
}

let settleCurrent: (() => void) | null = null;

function features(host: PopupHost): string {
  const left = Math.max(0, Math.round(host.screenX + (host.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(host.screenY + (host.outerHeight - POPUP_HEIGHT) / 2));
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * Opens `/auth/{provider}/start` in a 500 × 600 popup and waits for its answer: the ID token and
 * the provider user, or null when the person closed the window or cancelled (spec §8: a closed
 * popup ends quietly). Only a message from this site's origin, from this popup, counts.
 * Call it straight from a click handler, or the browser blocks the window.
 */
export function openAuthPopup(
  provider: string,
  host: PopupHost = window,
): Promise<PopupAnswer | null> {
  settleCurrent?.(); // a second click replaces the first attempt (same named window)
  const popup = host.open(
    `/auth/${encodeURIComponent(provider)}/start`,
    POPUP_NAME,
    features(host),
  );
  if (!popup) return Promise.reject(new PopupBlockedError());

  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      host.removeEventListener('message', onMessage);
      host.clearInterval(poll);
      if (settleCurrent === cancel) settleCurrent = null;
      settle();
    };
    const cancel = () => finish(() => resolve(null));

    function onMessage(event: MessageEvent) {
      if (event.origin !== host.location.origin || event.source !== popup) return;
      const data: unknown = event.data;
      if (!data || typeof data !== 'object') return;
      const message = data as Record<string, unknown>;
      if (message.type !== AUTH_MESSAGE_TYPE) return;
      if (message.cancelled === true) return finish(() => resolve(null));
      if (typeof message.error === 'string')
        return finish(() => reject(new Error(message.error as string)));
      finish(() =>
        resolve({
          idToken: typeof message.idToken === 'string' ? message.idToken : null,
          user: message.user ?? null,
        }),
      );
    }

    host.addEventListener('message', onMessage);
    const poll = host.setInterval(() => {
      if (popup.closed) {
        host.clearInterval(poll);
        host.setTimeout(cancel, CLOSED_GRACE_MS);
      }
    }, CLOSED_POLL_MS);
    settleCurrent = cancel;
  });
}
