import { describe, expect, it } from 'vitest';
import type { Environment } from '../../contract/environment';
import {
  ApiError,
  createApiClient,
  withId,
  type ApiClientOptions,
  type ApiSession,
} from './client';

interface Call {
  input: string;
  init: RequestInit;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const signedOut: ApiSession = { deviceId: null, authToken: null, csrfToken: null };
const full: ApiSession = {
  deviceId: 'web-device-1',
  authToken: 'auth-1',
  csrfToken: 'csrf-1',
};

/** A client whose fetch records each call and answers with `answer`. */
function setup(
  overrides: Partial<ApiClientOptions> & {
    answer?: () => Promise<Response> | Response;
    sessionValue?: ApiSession;
  } = {},
) {
  const calls: Call[] = [];
  const logged: [string, unknown][] = [];
  const { answer = () => json({ ok: true }), sessionValue = full, ...options } = overrides;
  const client = createApiClient({
    baseUrl: '',
    fetch: async (input, init) => {
      calls.push({ input, init });
      return answer();
    },
    session: () => sessionValue,
    appVersion: '1.4.0',
    environment: 'production',
    logError: (message, error) => logged.push([message, error]),
    ...options,
  });
  const only = (): Call => {
    expect(calls).toHaveLength(1);
    const call = calls[0];
    if (!call) throw new Error('no call');
    return call;
  };
  return { client, calls, logged, only };
}

const headersOf = (call: Call) => call.init.headers as Record<string, string>;

describe('headers (spec §7)', () => {
  it('sends exactly the spec headers on a signed-in call', async () => {
    const { client, only } = setup();
    await client.get('/api/user/me');
    expect(headersOf(only())).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Device-Id': 'web-device-1',
      'App-Version': '1.4.0',
      'Auth-Token': 'auth-1',
      'X-CSRFToken': 'csrf-1',
    });
  });

  it('sends only the JSON headers and the app version when the session is empty', async () => {
    const { client, only } = setup({ sessionValue: signedOut });
    await client.get('/api/v2/users/1');
    expect(headersOf(only())).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'App-Version': '1.4.0',
    });
  });

  it('sends the JSON content type and accept type on every method', async () => {
    const { client, calls } = setup();
    await client.get('/api/a');
    await client.post('/api/b', { x: 1 });
    await client.put('/api/c');
    await client.request('DELETE', '/api/d');
    expect(calls).toHaveLength(4);
    for (const call of calls) {
      expect(headersOf(call)['Content-Type']).toBe('application/json');
      expect(headersOf(call).Accept).toBe('application/json');
    }
  });

  it('sends Device-Id from the session and omits it when null', async () => {
    const withDevice = setup({ sessionValue: { ...signedOut, deviceId: 'web-xyz' } });
    await withDevice.client.get('/api/a');
    expect(headersOf(withDevice.only())['Device-Id']).toBe('web-xyz');

    const without = setup({ sessionValue: signedOut });
    await without.client.get('/api/a');
    expect(headersOf(without.only())).not.toHaveProperty('Device-Id');
  });

  it.each<[Environment, boolean]>([
    ['production', true],
    ['local', true],
    ['unknown', true],
    ['sandbox', false],
  ])('in %s sends App-Version: %s', async (environment, sent) => {
    const { client, only } = setup({ environment });
    await client.get('/api/a');
    if (sent) expect(headersOf(only())['App-Version']).toBe('1.4.0');
    else expect(headersOf(only())).not.toHaveProperty('App-Version');
  });

  it('sends Auth-Token from the session when present', async () => {
    const { client, only } = setup({ sessionValue: { ...signedOut, authToken: 'cookie-token' } });
    await client.get('/api/a');
    expect(headersOf(only())['Auth-Token']).toBe('cookie-token');
    const none = setup({ sessionValue: signedOut });
    await none.client.get('/api/a');
    expect(headersOf(none.only())).not.toHaveProperty('Auth-Token');
  });

  it('sends Authorization: Bearer only when the call gives a token', async () => {
    const { client, calls } = setup();
    await client.get('/api/a');
    await client.get('/api/a', undefined, { token: 'id-token' });
    await client.post('/api/user/me', { email: 'a@b.c' }, { token: 'id-token-2' });
    await client.put('/api/a', undefined, { token: 'id-token-3' });
    await client.request('POST', '/api/a', { token: 'id-token-4' });
    await client.get('/api/a', undefined, { token: '' });
    expect(calls.map((call) => headersOf(call).Authorization)).toEqual([
      undefined,
      'Bearer id-token',
      'Bearer id-token-2',
      'Bearer id-token-3',
      'Bearer id-token-4',
      undefined,
    ]);
  });

  it('keeps the Auth-Token header beside a bearer token', async () => {
    const { client, only } = setup();
    await client.get('/api/a', undefined, { token: 't' });
    expect(headersOf(only())).toMatchObject({ 'Auth-Token': 'auth-1', Authorization: 'Bearer t' });
  });

  it('sends X-CSRFToken from the session when present', async () => {
    const { client, only } = setup({ sessionValue: { ...signedOut, csrfToken: 'c-1' } });
    await client.post('/api/user/valid', { username: 'maya' });
    expect(headersOf(only())['X-CSRFToken']).toBe('c-1');
    const none = setup({ sessionValue: signedOut });
    await none.client.post('/api/user/valid', { username: 'maya' });
    expect(headersOf(none.only())).not.toHaveProperty('X-CSRFToken');
  });

  it('reads the session at each call', async () => {
    let token: string | null = null;
    const { client, calls } = setup({
      session: () => ({ deviceId: 'web-1', authToken: token, csrfToken: null }),
    });
    await client.get('/api/a');
    token = 'signed-in';
    await client.get('/api/a');
    expect(calls.map((call) => headersOf(call)['Auth-Token'])).toEqual([undefined, 'signed-in']);
  });

  it('gets the cookies a write needs before the write, and never before a read (ADR 070)', async () => {
    let csrfToken: string | null = null;
    const asked: string[] = [];
    const { client, calls } = setup({
      session: () => ({ deviceId: 'web-1', authToken: null, csrfToken }),
      beforeWrite: async () => {
        asked.push('cookies');
        csrfToken = 'given';
      },
    });
    await client.get('/api/a');
    expect(asked).toEqual([]);
    await client.post('/api/b', {});
    await client.put('/api/c', {});
    expect(asked).toEqual(['cookies', 'cookies']);
    expect(calls.map((call) => headersOf(call)['X-CSRFToken'])).toEqual([
      undefined,
      'given',
      'given',
    ]);
  });

  describe('a refused CSRF token (docs/decisions/025-csrf-tokens.md)', () => {
    const refused = () =>
      json({ error: 'csrf_failed', message: 'This request needs the x-csrftoken header' }, 403);

    it('is sent once more with the fresh token the refusal set', async () => {
      let csrfToken = 'stale';
      let answers = 0;
      const { client, calls } = setup({
        session: () => ({ deviceId: 'web-1', authToken: null, csrfToken }),
        answer: () => {
          answers += 1;
          // the server's refusal sets a new token in the cookie
          if (answers === 1) {
            csrfToken = 'fresh';
            return refused();
          }
          return json({ saved: true });
        },
      });
      await expect(
        client.request('POST', '/api/user/save', { body: { bio: 'x' } }),
      ).resolves.toEqual({ saved: true });
      expect(calls.map((call) => headersOf(call)['X-CSRFToken'])).toEqual(['stale', 'fresh']);
      expect(calls[1]!.init.body).toBe('{"bio":"x"}');
    });

    it('is not sent again when the token did not change, nor more than once', async () => {
      const same = setup({ answer: refused });
      await expect(same.client.request('POST', '/api/a', { body: {} })).rejects.toMatchObject({
        status: 403,
        code: 'csrf_failed',
      });
      expect(same.calls).toHaveLength(1);

      let count = 0;
      const changing = setup({
        session: () => ({ deviceId: 'web-1', authToken: null, csrfToken: `t-${count}` }),
        answer: () => {
          count += 1;
          return refused();
        },
      });
      expect(await changing.client.post('/api/a', {})).toBeNull();
      expect(changing.calls).toHaveLength(2);
      expect(changing.logged).toHaveLength(1);
    });

    it('leaves other refusals alone', async () => {
      let csrfToken = 'a';
      const { client, calls } = setup({
        session: () => ({ deviceId: 'web-1', authToken: null, csrfToken }),
        answer: () => {
          csrfToken = 'b';
          return json({ error: 'forbidden', message: 'Not yours' }, 403);
        },
      });
      await expect(client.request('POST', '/api/a', { body: {} })).rejects.toMatchObject({
        code: 'forbidden',
      });
      expect(calls).toHaveLength(1);
    });
  });

  it('sets no timeout: no AbortSignal is passed', async () => {
    const { client, calls } = setup();
    await client.get('/api/a');
    await client.post('/api/a', {});
    await client.request('GET', '/api/a');
    for (const call of calls) {
      expect(call.init).not.toHaveProperty('signal');
    }
  });
});

describe('URLs and bodies', () => {
  it('prefixes the base URL, without doubling a slash', async () => {
    const { client, calls } = setup({ baseUrl: 'http://127.0.0.1:3000/' });
    await client.get('/api/v2/users/1');
    const other = setup({ baseUrl: 'http://127.0.0.1:3000' });
    await other.client.get('/api/v2/users/1');
    expect(calls[0]?.input).toBe('http://127.0.0.1:3000/api/v2/users/1');
    expect(other.calls[0]?.input).toBe('http://127.0.0.1:3000/api/v2/users/1');
  });

  it('URL-encodes query values and skips undefined ones', async () => {
    const { client, only } = setup();
    await client.get('/api/v2/search/wonder-search', {
      search_type: 'global',
      term: 'fish & chips/über?',
      include: 'cities,locations',
      limit: 5,
      pinned_first: true,
      missing: undefined,
    });
    expect(only().input).toBe(
      '/api/v2/search/wonder-search?search_type=global&term=fish%20%26%20chips%2F%C3%BCber%3F' +
        '&include=cities%2Clocations&limit=5&pinned_first=true',
    );
  });

  it('encodes query keys, keeps false and 0, and adds nothing for an empty query', async () => {
    const { client, calls } = setup();
    await client.get('/api/a', { 'a b': 0, flag: false });
    await client.get('/api/a', {});
    await client.get('/api/a', { only: undefined });
    expect(calls.map((call) => call.input)).toEqual([
      '/api/a?a%20b=0&flag=false',
      '/api/a',
      '/api/a',
    ]);
  });

  it('appends to a query already in the path', async () => {
    const { client, only } = setup();
    await client.get('/api/v2/routes/chicago-il?target_type=city', { limit: 4 });
    expect(only().input).toBe('/api/v2/routes/chicago-il?target_type=city&limit=4');
  });

  it('uses the method of each helper', async () => {
    const { client, calls } = setup();
    await client.get('/api/a');
    await client.post('/api/a');
    await client.put('/api/a');
    await client.request('delete', '/api/a');
    expect(calls.map((call) => call.init.method)).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
  });

  it('sends JSON bodies', async () => {
    const { client, calls } = setup();
    await client.post('/api/v2/trackers/share', {
      resourceId: 1,
      resourceType: 'review',
      referrerCode: 'abc',
    });
    await client.put('/api/v2/reviews/1/reads/web-1', { watchedDuration: 12.5 });
    expect(calls[0]?.init.body).toBe(
      '{"resourceId":1,"resourceType":"review","referrerCode":"abc"}',
    );
    expect(calls[1]?.init.body).toBe('{"watchedDuration":12.5}');
  });

  it('lets a write outlive the page only when asked (keepalive)', async () => {
    const { client, calls } = setup();
    await client.put('/api/v2/reviews/1/reads/web-1', { watchedDuration: 1 }, { keepalive: true });
    await client.put('/api/a');
    expect(calls[0]?.init.keepalive).toBe(true);
    expect(calls[1]?.init).not.toHaveProperty('keepalive');
  });

  it('sends no body when none is given', async () => {
    const { client, calls } = setup();
    await client.get('/api/a');
    await client.post('/api/a');
    await client.put('/api/a');
    for (const call of calls) expect(call.init).not.toHaveProperty('body');
  });

  it('sends a JSON null body when null is given', async () => {
    const { client, only } = setup();
    await client.post('/api/a', null);
    expect(only().init.body).toBe('null');
  });

  describe('form data (spec §7 generic POST helper)', () => {
    it('sends FormData as is and lets fetch set the content type', async () => {
      const { client, only } = setup();
      const form = new FormData();
      form.append('username', 'maya');
      await client.post('/api/form', form, { form: true });
      const call = only();
      expect(call.init.body).toBe(form);
      expect(headersOf(call)).not.toHaveProperty('Content-Type');
      expect(headersOf(call).Accept).toBe('application/json');
      expect(headersOf(call)['X-CSRFToken']).toBe('csrf-1');
    });

    it('sends URLSearchParams as is', async () => {
      const { client, only } = setup();
      const fields = new URLSearchParams({ a: '1' });
      await client.post('/api/form', fields, { form: true });
      expect(only().init.body).toBe(fields);
      expect(headersOf(only())).not.toHaveProperty('Content-Type');
    });

    it('turns a plain record into URL-encoded fields, skipping undefined', async () => {
      const { client, only } = setup();
      await client.post(
        '/api/form',
        { name: 'A & B', count: 2, yes: true, no: undefined },
        {
          form: true,
        },
      );
      const body = only().init.body;
      expect(body).toBeInstanceOf(URLSearchParams);
      expect(String(body)).toBe('name=A+%26+B&count=2&yes=true');
    });

    it('sends no body for an empty form post', async () => {
      const { client, only } = setup();
      await client.post('/api/form', undefined, { form: true });
      expect(only().init).not.toHaveProperty('body');
    });

    it('works through request too', async () => {
      const { client, only } = setup();
      const fields = new URLSearchParams({ a: '1' });
      await client.request('POST', '/api/form', { body: fields, form: true });
      expect(only().init.body).toBe(fields);
    });
  });
});

describe('answers', () => {
  it('resolves the parsed JSON body', async () => {
    const { client, logged } = setup({ answer: () => json({ user: { user_id: 7 } }) });
    await expect(client.get('/api/user/me')).resolves.toEqual({ user: { user_id: 7 } });
    await expect(client.post('/api/user/me', {})).resolves.toEqual({ user: { user_id: 7 } });
    await expect(client.put('/api/a')).resolves.toEqual({ user: { user_id: 7 } });
    await expect(client.request('GET', '/api/user/me')).resolves.toEqual({
      user: { user_id: 7 },
    });
    expect(logged).toEqual([]);
  });

  it('accepts any 2xx status', async () => {
    const { client } = setup({ answer: () => json({ created: true }, 201) });
    await expect(client.post('/api/a', {})).resolves.toEqual({ created: true });
  });

  it('resolves null for 204 without logging', async () => {
    const { client, logged } = setup({ answer: () => new Response(null, { status: 204 }) });
    await expect(client.put('/api/v2/reviews/1/reads/web-1')).resolves.toBeNull();
    await expect(client.get('/api/a')).resolves.toBeNull();
    await expect(client.request('PUT', '/api/a')).resolves.toBeNull();
    expect(logged).toEqual([]);
  });
});

describe('failures (spec §8)', () => {
  const notFound = () => json({ error: 'not_found', message: 'No such location' }, 404);

  it('logs a non-2xx answer and resolves null for get, post and put', async () => {
    const { client, logged } = setup({ answer: notFound });
    await expect(client.get('/api/v2/locations/999', { a: 1 })).resolves.toBeNull();
    await expect(client.post('/api/v2/locations/999')).resolves.toBeNull();
    await expect(client.put('/api/v2/locations/999')).resolves.toBeNull();
    expect(logged.map(([message]) => message)).toEqual([
      'API GET /api/v2/locations/999 failed',
      'API POST /api/v2/locations/999 failed',
      'API PUT /api/v2/locations/999 failed',
    ]);
    const error = logged[0]?.[1];
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No such location' });
  });

  it('logs a network error and resolves null', async () => {
    const cause = new TypeError('fetch failed');
    const { client, logged } = setup({ answer: () => Promise.reject(cause) });
    await expect(client.get('/api/v2/users/1')).resolves.toBeNull();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[0]).toBe('API GET /api/v2/users/1 failed');
    expect(logged[0]?.[1]).toMatchObject({ status: 0, code: 'network_error', cause });
  });

  it('logs invalid JSON and resolves null', async () => {
    const { client, logged } = setup({ answer: () => new Response('<html>oops', { status: 200 }) });
    await expect(client.get('/api/a')).resolves.toBeNull();
    expect(logged[0]?.[1]).toMatchObject({ status: 200, code: 'invalid_json' });
  });

  it('logs an answer whose body breaks off and resolves null', async () => {
    const reset = new Error('connection reset');
    const broken = new ReadableStream({
      start(controller) {
        controller.error(reset);
      },
    });
    const { client, logged } = setup({ answer: () => new Response(broken, { status: 200 }) });
    await expect(client.get('/api/a')).resolves.toBeNull();
    expect(logged[0]?.[1]).toMatchObject({ status: 200, code: 'network_error', cause: reset });
  });

  it('treats an empty 200 body as invalid JSON', async () => {
    const { client, logged } = setup({ answer: () => new Response('', { status: 200 }) });
    await expect(client.get('/api/a')).resolves.toBeNull();
    expect(logged[0]?.[1]).toMatchObject({ code: 'invalid_json' });
  });

  it('logs to console.error by default', async () => {
    const original = console.error;
    const seen: unknown[][] = [];
    console.error = (...args: unknown[]) => {
      seen.push(args);
    };
    try {
      const client = createApiClient({
        baseUrl: '',
        fetch: async () => notFound(),
        session: () => signedOut,
        appVersion: '1',
        environment: 'local',
      });
      await expect(client.get('/api/a')).resolves.toBeNull();
    } finally {
      console.error = original;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0]).toBe('API GET /api/a failed');
    expect(seen[0]?.[1]).toBeInstanceOf(ApiError);
  });

  describe('request rejects with ApiError', () => {
    it("carries the status and the server's { error, message } body", async () => {
      const { client, logged } = setup({
        answer: () =>
          json({ error: 'bad_request', message: 'body.username must be at least 3' }, 400),
      });
      const failure = client.request('POST', '/api/user/valid', { body: { username: 'a' } });
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({
        name: 'ApiError',
        status: 400,
        code: 'bad_request',
        message: 'body.username must be at least 3',
      });
      expect(logged).toEqual([]);
    });

    it('carries a sentence per field for bad input (the first one per field)', async () => {
      const { client } = setup({
        answer: () =>
          json(
            {
              error: 'bad_request',
              message: 'body.email …; body.address.postal …',
              fields: [
                { field: 'email', message: 'Enter an email address' },
                { field: 'address.postal', message: 'Use a 5-digit ZIP code' },
                { field: 'address.postal', message: 'second sentence' },
                { field: 3, message: 'not a field' },
              ],
            },
            400,
          ),
      });
      await expect(client.request('POST', '/api/biz/claims', { body: {} })).rejects.toMatchObject({
        fields: { email: 'Enter an email address', 'address.postal': 'Use a 5-digit ZIP code' },
      });
      const plain = setup({ answer: () => json({ error: 'x', message: 'y' }, 409) });
      await expect(plain.client.request('GET', '/api/a')).rejects.toMatchObject({ fields: {} });
    });

    it('falls back to the status line when the error body is not the JSON shape', async () => {
      const { client } = setup({
        answer: () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }),
      });
      await expect(client.request('GET', '/api/a')).rejects.toMatchObject({
        status: 502,
        code: 'http_502',
        message: '502 Bad Gateway',
      });
      const other = setup({ answer: () => json(['unexpected'], 500) });
      await expect(other.client.request('GET', '/api/a')).rejects.toMatchObject({
        status: 500,
        code: 'http_500',
      });
    });

    it('rejects on a network error with status 0 and the cause', async () => {
      const cause = new TypeError('fetch failed');
      const { client } = setup({ answer: () => Promise.reject(cause) });
      await expect(client.request('GET', '/api/a')).rejects.toMatchObject({
        status: 0,
        code: 'network_error',
        cause,
      });
    });

    it('rejects on invalid JSON', async () => {
      const { client } = setup({ answer: () => new Response('{', { status: 200 }) });
      await expect(client.request('GET', '/api/a')).rejects.toMatchObject({
        status: 200,
        code: 'invalid_json',
      });
    });

    it('passes query, body and token', async () => {
      const { client, only } = setup();
      await client.request('post', '/api/user/save', {
        query: { a: 'x y' },
        body: { username: 'maya' },
        token: 'tok',
      });
      const call = only();
      expect(call.input).toBe('/api/user/save?a=x%20y');
      expect(call.init.method).toBe('POST');
      expect(call.init.body).toBe('{"username":"maya"}');
      expect(headersOf(call).Authorization).toBe('Bearer tok');
    });
  });
});

describe('ApiError', () => {
  it('is an Error with status and code', () => {
    const error = new ApiError(403, 'csrf_failed', 'no token');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(403);
    expect(error.code).toBe('csrf_failed');
    expect(error.message).toBe('no token');
  });
});

describe('withId (spec §8)', () => {
  it.each([null, undefined, '', '   ', Number.NaN, Number.POSITIVE_INFINITY])(
    'returns null without a call for the missing id %j',
    async (id) => {
      let called = false;
      const result = await withId(id, async () => {
        called = true;
        return 'x';
      });
      expect(result).toBeNull();
      expect(called).toBe(false);
    },
  );

  it.each([1, 448782, '12', 'the-golden-fig-12', 0])('calls with the id %j', async (id) => {
    await expect(withId(id, async (given) => `got ${given}`)).resolves.toBe(`got ${id}`);
  });

  it('passes a null answer through', async () => {
    await expect(withId(3, async () => null)).resolves.toBeNull();
  });

  it('makes no network call for a missing id', async () => {
    const { client, calls } = setup();
    await withId(null, (id) => client.get(`/api/v2/locations/${id}`));
    await withId(5, (id) => client.get(`/api/v2/locations/${id}`));
    expect(calls.map((call) => call.input)).toEqual(['/api/v2/locations/5']);
  });
});
