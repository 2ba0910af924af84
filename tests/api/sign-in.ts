import { expect } from 'vitest';
import { TEST_ACCOUNTS } from '../../server/auth/test-accounts';
import { api, baseUrl } from './client';

/** A tiny browser: follows redirects by hand and keeps cookies (by name; paths ignored). */
export class Browser {
  cookies = new Map<string, string>();

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetch(url: string, init: RequestInit = {}) {
    const response = await fetch(new URL(url, baseUrl()), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until a page answers. */
  async follow(url: string, init: RequestInit = {}) {
    let response = await this.fetch(url, init);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++) {
      response = await this.fetch(response.headers.get('location')!);
    }
    return response;
  }
}

export interface PopupMessage {
  type: string;
  idToken?: string;
  user?: Record<string, string | null>;
  error?: string;
  cancelled?: boolean;
}

/** Runs the popup: start, the bundled provider's account picker, the callback page's message. */
export async function signInPopup(
  provider: string,
  choose: Record<string, string>,
  browser = new Browser(),
) {
  const picker = await browser.follow(`/auth/${provider}/start`);
  expect(picker.status).toBe(200);
  const html = await picker.text();
  const action = /action="([^"]+\/login)"/.exec(html)![1]!;
  const done = await browser.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(choose).toString(),
  });
  const page = await done.text();
  const json = /postMessage\((\{.*\}), "/.exec(page)?.[1];
  expect(json, page).toBeTruthy();
  return { browser, message: JSON.parse(json!) as PopupMessage, page };
}

/** Signs a bundled-provider test person in (popup, then POST /api/user/me); their session token. */
export async function sessionOf(name: string): Promise<string> {
  const account = TEST_ACCOUNTS.find((a) => a.name === name);
  if (!account) throw new Error(`no test account ${name}`);
  const { message } = await signInPopup(account.provider, { account: account.subject });
  const me = await api('/api/user/me', {
    method: 'POST',
    body: message.user,
    headers: { authorization: `Bearer ${message.idToken}` },
  });
  const token = me.headers.get('auth-token');
  if (!token) throw new Error(`${name} was not signed in: ${JSON.stringify(me.body)}`);
  return token;
}
