import type { Environment } from '../../contract/environment';

export type ApiQuery = Record<string, string | number | boolean | undefined>;

/** What a form post may send: form data as is, or a record turned into URL-encoded fields. */
export type FormBody = FormData | URLSearchParams | ApiQuery;

export interface ApiSession {
  deviceId: string | null;
  authToken: string | null;
  csrfToken: string | null;
}

export interface ApiClientOptions {
  /** Origin to prefix to /api paths ('' in the browser; an origin in tests). */
  baseUrl: string;
  /** The fetch to use (the browser's). */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Read at each call: cookie values and the device id. */
  session: () => ApiSession;
  /** Awaited before a call that changes something: the cookies it needs are there (ADR 070). */
  beforeWrite?: () => Promise<void>;
  appVersion: string;
  environment: Environment;
  /** Where §8 failures are reported; defaults to console.error. */
  logError?: (message: string, error: unknown) => void;
}

export interface RequestOptions {
  query?: ApiQuery;
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>` (spec §7: only when a token is given). */
  token?: string;
  /** Send `body` as form data instead of JSON (spec §7 generic POST helper). */
  form?: boolean;
  /**
   * Let the call outlive the page (fetch `keepalive`): a write sent as the visitor leaves
   * (pagehide, a hidden tab) still reaches the server. Bodies up to 64 KB.
   */
  keepalive?: boolean;
}

export interface ApiClient {
  /** `onFailure` hears why a call answered null (the error: an ApiError, or what fetch threw). */
  get<T>(
    path: string,
    query?: ApiQuery,
    options?: { token?: string; onFailure?: (error: unknown) => void },
  ): Promise<T | null>;
  /** spec §7 generic POST helper: JSON, or form data (FormData / URLSearchParams) when form is true. */
  post<T>(
    path: string,
    body?: unknown,
    options?: { token?: string; form?: boolean },
  ): Promise<T | null>;
  put<T>(
    path: string,
    body?: unknown,
    options?: { token?: string; keepalive?: boolean },
  ): Promise<T | null>;
  /**
   * Like get/post/put but rejects instead of returning null, for callers that must show a field
   * error (sign-up, forms): throws ApiError with the status and the server's { error, message }.
   * A 204 answer resolves null.
   */
  request<T>(method: string, path: string, init?: RequestOptions): Promise<T>;
}

/** A failed call: `status` 0 when no answer came back (network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Bad input: a sentence per field ('address.postal' → 'Use a 5-digit ZIP code…'). */
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    options?: { cause?: unknown; fields?: Record<string, string> },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = options?.fields ?? {};
  }
}

function queryString(query: ApiQuery | undefined): string {
  if (!query) return '';
  return Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

function withQuery(path: string, query: ApiQuery | undefined): string {
  const search = queryString(query);
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isFormData(body: unknown): body is FormData | URLSearchParams {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) || body instanceof URLSearchParams
  );
}

function formBody(body: unknown): FormData | URLSearchParams | undefined {
  if (body === undefined || body === null) return undefined;
  if (isFormData(body)) return body;
  const fields = new URLSearchParams();
  for (const [key, value] of Object.entries(body as ApiQuery)) {
    if (value !== undefined) fields.append(key, String(value));
  }
  return fields;
}

/** The server's `{ error, message }` body (docs/decisions/005-api-contract.md), when it sent one. */
function errorFromAnswer(response: Response, text: string): ApiError {
  let code = `http_${response.status}`;
  let message = `${response.status} ${response.statusText}`.trim();
  const fields: Record<string, string> = {};
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const answer = body as { error?: unknown; message?: unknown; fields?: unknown };
      if (typeof answer.error === 'string' && answer.error) code = answer.error;
      if (typeof answer.message === 'string' && answer.message) message = answer.message;
      if (Array.isArray(answer.fields))
        for (const item of answer.fields as { field?: unknown; message?: unknown }[])
          if (typeof item?.field === 'string' && typeof item.message === 'string')
            fields[item.field] ??= item.message; // the first sentence per field
    }
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(response.status, code, message, { fields });
}

/**
 * The one API client of spec §7: the browser's way to /api (a server render reads in process,
 * docs/architecture.md "One data path per side").
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const logError =
    options.logError ?? ((message: string, error: unknown) => console.error(message, error));

  function headers(
    session: ApiSession,
    token: string | undefined,
    form: boolean,
  ): Record<string, string> {
    const result: Record<string, string> = { Accept: 'application/json' };
    // spec §7: JSON content type on every call; form data needs fetch to set its own boundary
    if (!form) result['Content-Type'] = 'application/json';
    if (session.deviceId) result['Device-Id'] = session.deviceId;
    // spec §7, §9: the app-version header is not sent in the sandbox environment
    if (options.environment !== 'sandbox' && options.appVersion) {
      result['App-Version'] = options.appVersion;
    }
    if (session.authToken) result['Auth-Token'] = session.authToken;
    if (token) result.Authorization = `Bearer ${token}`;
    if (session.csrfToken) result['X-CSRFToken'] = session.csrfToken;
    return result;
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    if (method.toUpperCase() !== 'GET') await options.beforeWrite?.();
    const session = options.session();
    try {
      return await send<T>(method, path, init, session);
    } catch (error) {
      // A refused CSRF token comes back with a fresh one in the cookie (a new device id, a
      // restart of the server; docs/decisions/025-csrf-tokens.md): once more, with it. The
      // refusal came before anything was done, so the call is not made twice.
      if (error instanceof ApiError && error.code === 'csrf_failed') {
        const fresh = options.session();
        if (fresh.csrfToken && fresh.csrfToken !== session.csrfToken)
          return send<T>(method, path, init, fresh);
      }
      throw error;
    }
  }

  async function send<T>(
    method: string,
    path: string,
    init: RequestOptions,
    session: ApiSession,
  ): Promise<T> {
    const form = init.form === true;
    // spec §7: no timeout, so no AbortSignal
    const requestInit: RequestInit = {
      method: method.toUpperCase(),
      headers: headers(session, init.token, form),
    };
    if (init.keepalive) requestInit.keepalive = true;
    if (form) {
      const body = formBody(init.body);
      if (body !== undefined) requestInit.body = body;
    } else if (init.body !== undefined) {
      requestInit.body = JSON.stringify(init.body);
    }

    let response: Response;
    try {
      response = await options.fetch(`${baseUrl}${withQuery(path, init.query)}`, requestInit);
    } catch (error) {
      throw new ApiError(0, 'network_error', 'The request did not get an answer', {
        cause: error,
      });
    }
    if (response.status === 204) return null as T;
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new ApiError(response.status, 'network_error', 'The answer could not be read', {
        cause: error,
      });
    }
    if (!response.ok) throw errorFromAnswer(response, text);
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new ApiError(response.status, 'invalid_json', 'The answer is not valid JSON', {
        cause: error,
      });
    }
  }

  // spec §8: a failed data call logs to the console and returns nothing
  async function orNull<T>(
    method: string,
    path: string,
    init: RequestOptions,
    onFailure?: (error: unknown) => void,
  ): Promise<T | null> {
    try {
      return await request<T>(method, path, init);
    } catch (error) {
      logError(`API ${method} ${path} failed`, error);
      onFailure?.(error);
      return null;
    }
  }

  return {
    get<T>(
      path: string,
      query?: ApiQuery,
      callOptions?: { token?: string; onFailure?: (error: unknown) => void },
    ) {
      return orNull<T>('GET', path, { query, token: callOptions?.token }, callOptions?.onFailure);
    },
    post<T>(path: string, body?: unknown, callOptions?: { token?: string; form?: boolean }) {
      return orNull<T>('POST', path, { body, token: callOptions?.token, form: callOptions?.form });
    },
    put<T>(path: string, body?: unknown, callOptions?: { token?: string; keepalive?: boolean }) {
      return orNull<T>('PUT', path, {
        body,
        token: callOptions?.token,
        keepalive: callOptions?.keepalive,
      });
    },
    request,
  };
}

/** spec §8: a missing id returns null without a call. */
export async function withId<T>(
  id: string | number | null | undefined,
  call: (id: string | number) => Promise<T | null>,
): Promise<T | null> {
  if (id === null || id === undefined) return null;
  if (typeof id === 'string' && id.trim() === '') return null;
  if (typeof id === 'number' && !Number.isFinite(id)) return null;
  return call(id);
}
