import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Structured logs with the request id: readable in a terminal, JSON in production. */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["auth-token"]',
      'req.headers["x-csrftoken"]',
    ],
    serializers: { err: serializeError, req: serializeRequest },
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}

/**
 * A request as the access line logs it (server/access-log.ts), its URL as `loggedUrl` writes it.
 * No header but the API version: cookies, tokens and the user agent stay out.
 */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Query parameters whose value is never logged: where a visitor stands (a search by distance
 * carries their position, rounded to about 1 km: docs/decisions/036-search-results.md), and
 * anything that is or may hold a credential: an OAuth code or state on a sign-in's callback,
 * tokens, nonces, secrets, passwords.
 */
const REDACTED_PARAM =
  /^(lat|lon|code|state|nonce|session_state|.*(token|secret|password|verifier).*)$/i;

/**
 * Decodes `+` and every run of %-escapes that makes text; a broken escape stays as it came, and
 * the rest of the part around it is decoded all the same.
 */
function decoded(text: string): string {
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** A part longer than this is logged as its length: no search term is, and no scrub runs on it. */
const LONGEST_LOGGED_PART = 256;

/**
 * A URL as the logs keep it (issue 36): the credential and position parameters' values replaced,
 * and every other part decoded first and then scrubbed of emails and phone numbers, so that
 * `ada%40example.org` or `312%20555%200100` in a search term is caught too. A part with nothing
 * to scrub is kept exactly as it came; a fragment (which browsers never send) is left out.
 */
export function loggedUrl(url: string): string {
  const hash = url.indexOf('#');
  const sent = hash === -1 ? url : url.slice(0, hash);
  const at = sent.indexOf('?');
  const clean = (part: string) => {
    if (part.length > LONGEST_LOGGED_PART) return `[${part.length} characters]`;
    const plain = decoded(part);
    const scrubbed = scrubPersonal(plain);
    return scrubbed === plain ? part : encodeURIComponent(scrubbed);
  };
  const path = (at === -1 ? sent : sent.slice(0, at)).split('/').map(clean).join('/');
  if (at === -1) return path;
  const query = sent
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return clean(pair);
      const name = pair.slice(0, eq);
      return REDACTED_PARAM.test(decoded(name))
        ? `${clean(name)}=[redacted]`
        : `${clean(name)}=${clean(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Properties of a database error that say what went wrong without the values written: the
 * SQLSTATE, where it happened and the statement with its placeholders. Left out on purpose:
 * `params` (the values), `detail` ("Key (email)=(…) already exists"), `where` and `hint`.
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

const KEPT = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine'] as const;

/**
 * A failed write must not put people's names, emails or phone numbers in the logs (issue 16):
 * drizzle's error message lists the query's parameters and PostgreSQL's detail repeats the
 * conflicting value. So an error is logged as its type, a scrubbed message and stack, the kept
 * properties above and its cause, the same way; nothing else of it.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: scrub(String(error)), stack: '' };
  const record = error as Error & Record<string, unknown>;
  // drizzle's "Failed query: <sql>\nparams: <values>": rebuilt from the statement alone, so no
  // value (whatever text it holds) can end the redaction early.
  const message =
    typeof record.query === 'string' &&
    'params' in record &&
    error.message.startsWith('Failed query:')
      ? `Failed query: ${record.query}\nparams: [redacted]`
      : scrub(error.message);
  // The stack begins with "<name>: <message>"; that part is replaced whole, the frames kept.
  const stack = error.stack ?? '';
  const head = `${error.name}: ${error.message}`;
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: stack.startsWith(head)
      ? `${error.name}: ${message}${scrub(stack.slice(head.length))}`
      : scrub(stack),
  };
  for (const key of KEPT) {
    if (typeof record[key] === 'string' || typeof record[key] === 'number') out[key] = record[key];
  }
  if (typeof record.query === 'string') out.query = record.query;
  if (typeof record.statusCode === 'number') out.statusCode = record.statusCode;
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/**
 * An email: its parts bounded (a local part has at most 64 characters, a domain 255), so that
 * the search for one takes time in proportion to the text, whatever an attacker sends.
 */
const EMAIL = /[^\s@"'(),<>]{1,64}@[^\s@"'(),<>]{1,255}\.[a-z]{2,}/gi;
/**
 * What may be a phone number: digits with the separators people type (spaces, dots, dashes,
 * brackets) and an optional +. `phoneOrNot` decides.
 */
const PHONE_LIKE = /(?<![\w.:/-])\+?\(?\d[\d\s().-]{5,22}\d(?![\w-])/g;

/**
 * A phone number has 7 to 15 digits; a run of digits with no separator counts from 10, so that
 * ids and counts stay; dates (2026-11-28) and addresses (10.0.0.12) are neither.
 */
function phoneOrNot(candidate: string): string {
  const digits = candidate.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return candidate;
  if (/^\d+$/.test(candidate) && digits < 10) return candidate;
  if (/^\d{4}-\d{2}-\d{2}$|^\d{1,3}(\.\d{1,3}){3}$/.test(candidate)) return candidate;
  return '[phone]';
}

/** Emails and phone numbers in a text, each replaced by what it was. */
export const scrubPersonal = (text: string) =>
  (text.includes('@') ? text.replace(EMAIL, '[email]') : text).replace(PHONE_LIKE, phoneOrNot);

/** Removes the values a message or stack may carry: query parameters, quoted input, emails. */
export function scrub(text: string): string {
  return (
    text
      // drizzle: "Failed query: …\nparams: Ada,ada@example.com" (up to the stack's first frame)
      .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]')
      // PostgreSQL quotes the input: 'invalid input syntax for type integer: "…"',
      // 'malformed array literal: "…"', 'value "…" is out of range for type integer'
      .replace(/: "[^\n]*"(?=\n|$)/g, ': "[redacted]"')
      .replace(/\bvalue "[^\n]*?"(?= is )/g, 'value "[redacted]"')
      .replace(/\)=\([\s\S]*?\)(?= already exists| is not present|\.|\n|$)/g, ')=([redacted])')
      .replace(EMAIL, '[email]')
      .replace(PHONE_LIKE, phoneOrNot)
  );
}
