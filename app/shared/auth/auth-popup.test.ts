import { describe, expect, it } from 'vitest';
import { openAuthPopup, PopupBlockedError, type PopupHost } from './auth-popup';

const ORIGIN = 'https://spotreel.test';

/** A window with hand-driven timers and messages: the popup is the provider's, not our code. */
function fakeHost(options: { blocked?: boolean } = {}) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const timers = new Map<number, () => void>();
  let nextId = 1;
  const popup = { closed: false, close() {} };
  const opened: { url: string; target: string; features: string }[] = [];
  const host: PopupHost = {
    open: (url, target, features) => {
      opened.push({ url, target, features });
      return options.blocked ? null : popup;
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    setInterval: (handler) => {
      timers.set(nextId, handler);
      return nextId++;
    },
    clearInterval: (id) => void timers.delete(id),
    setTimeout: (handler) => {
      timers.set(nextId, handler);
      return nextId++;
    },
    location: { origin: ORIGIN },
    screenX: 100,
    screenY: 50,
    outerWidth: 1300,
    outerHeight: 900,
  };
  return {
    host,
    popup,
    opened,
    listeners,
    post(data: unknown, origin = ORIGIN, source: unknown = popup) {
      for (const listener of [...listeners])
        listener({ data, origin, source } as unknown as MessageEvent);
    },
    tick() {
      for (const handler of [...timers.values()]) handler();
    },
  };
}

describe('the sign-in popup', () => {
  it('opens /auth/{provider}/start in a centred 500 × 600 window', () => {
    const fake = fakeHost();
    void openAuthPopup('google', fake.host);
    expect(fake.opened).toEqual([
      {
        url: '/auth/google/start',
        target: 'spotreel-sign-in',
        features: 'popup,width=500,height=600,left=500,top=200',
      },
    ]);
  });

  it("resolves the callback's answer, ignoring other origins, windows and message types", async () => {
    const fake = fakeHost();
    const answer = openAuthPopup('apple', fake.host);
    const payload = { type: 'spotreel:auth', idToken: 'jwt', user: { serviceId: 'u1' } };
    fake.post(payload, 'https://evil.example');
    fake.post(payload, ORIGIN, {});
    fake.post({ type: 'other', idToken: 'x' });
    fake.post('spotreel:auth');
    fake.post(payload);
    await expect(answer).resolves.toEqual({ idToken: 'jwt', user: { serviceId: 'u1' } });
    expect(fake.listeners.size).toBe(0);
  });

  it("rejects with the provider's error", async () => {
    const fake = fakeHost();
    const answer = openAuthPopup('facebook', fake.host);
    fake.post({ type: 'spotreel:auth', error: 'Facebook sign-in failed' });
    await expect(answer).rejects.toThrow('Facebook sign-in failed');
  });

  it('resolves null when cancelled at the provider, or when the window is closed', async () => {
    const cancelled = fakeHost();
    const first = openAuthPopup('google', cancelled.host);
    cancelled.post({ type: 'spotreel:auth', cancelled: true });
    await expect(first).resolves.toBeNull();

    const closed = fakeHost();
    const second = openAuthPopup('google', closed.host);
    closed.tick(); // still open: nothing happens
    closed.popup.closed = true;
    closed.tick(); // seen closed: a grace period for a late message
    closed.tick();
    await expect(second).resolves.toBeNull();
    expect(closed.listeners.size).toBe(0);
  });

  it('says so when the browser blocks the window', async () => {
    await expect(openAuthPopup('google', fakeHost({ blocked: true }).host)).rejects.toBeInstanceOf(
      PopupBlockedError,
    );
  });
});
