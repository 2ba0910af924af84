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
 * A request as Fastify logs it, less where its visitor stands: a search by distance carries the
 * visitor's position (rounded to about 1 km, docs/decisions/036-search-results.md) in its query,
 * and the logs keep no one's whereabouts.
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
    url: withoutPosition(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A URL with the values of its `lat` and `lon` parameters replaced. */
export const withoutPosition = (url: string) =>
  url.replace(/([?&](?:lat|lon)=)[^&#]*/gi, '$1[redacted]');

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

const EMAIL = /[^\s@"'(),<>]+@[^\s@"'(),<>]+\.[a-z]{2,}/gi;

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
  );
}
