import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../contract/common';
import {
  faultDetail,
  STORAGE_FAULT_SENTENCES,
  storageFaultOf,
  type StorageFaultKind,
} from '../db/storage-faults';
import { noteRefusal } from './access-log';
import { noticePage } from './html';
import { HttpError } from './http-errors';

type Issue = { instancePath?: string; message?: string };

/** "query.per_page must be at most 100" from a validation issue. */
function describeIssue(context: string | undefined, issue: Issue): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const where = [context, path].filter(Boolean).join('.');
  return `${where || 'request'} ${issue.message ?? 'is invalid'}`.replace(/ Invalid input: /, ' ');
}

/**
 * SQLSTATEs of a value the database would not take: class 22 (a number out of range, text with
 * a NUL, JSON with a lone surrogate, a malformed value) and 54000 (past a limit, such as an
 * index row). Validation refuses all of these first; one that slips through is still the
 * caller's bad input, so it answers 400, and is logged as an error so the gap gets closed
 * (docs/decisions/023-input-edge.md).
 */
const UNSTORABLE_INPUT = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22019',
  '2201B',
  '22021',
  '22025',
  '22P02',
  '22P05',
  '54000',
]);

/** The SQLSTATE of a database error, as pg and PGlite report it through Drizzle (causes). */
function sqlState(error: unknown): string | null {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** Seconds a caller waits before asking again when the database cannot serve it (a 503). */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/** The 503 of each storage fault (docs/decisions/026-storage-faults.md). */
const STORAGE_FAULT_BODIES: Record<StorageFaultKind, ErrorBody> = {
  full: {
    error: 'database_full',
    message: `${STORAGE_FAULT_SENTENCES.full} Try again in a while.`,
  },
  read_only: {
    error: 'database_read_only',
    message: `${STORAGE_FAULT_SENTENCES.read_only} Try again in a while.`,
  },
  unavailable: {
    error: 'database_unavailable',
    message: `${STORAGE_FAULT_SENTENCES.unavailable} Try again in a few seconds.`,
  },
};

/**
 * Every failure answers `{ error, message }`: bad input 4xx, unknown ids 404, a database that
 * cannot serve the call (full, read-only, not answering) a 503 with Retry-After, and anything
 * unexpected a plain 500 with no stack (docs/decisions/005-api-contract.md).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    let status: number;
    let body: ErrorBody;
    const state = sqlState(error);
    const fault = error instanceof HttpError ? null : storageFaultOf(error);
    if (fault) {
      // The outage is logged once when it starts and once when it ends (server/health.ts); each
      // call it fails has its access line (a 503), and this detail only at debug level.
      request.log.debug({ fault, detail: faultDetail(error) }, STORAGE_FAULT_SENTENCES[fault]);
      status = 503;
      body = STORAGE_FAULT_BODIES[fault];
      reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    } else if (error instanceof HttpError) {
      status = error.statusCode;
      body = { error: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.retry) reply.header('retry-after', String(error.retry.afterSeconds));
    } else if (state !== null && UNSTORABLE_INPUT.has(state)) {
      request.log.error({ err: error }, 'the database refused a value that validation let through');
      status = 400;
      body = {
        error: 'unstorable_value',
        message: 'The request holds a value the database cannot store.',
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        error: 'bad_request',
        message: error.validation
          .map((issue) => describeIssue(error.validationContext, issue))
          .join('; '),
        fields: error.validation.map((issue) => ({
          field: (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
          message: (issue.message ?? 'is invalid').replace(/^Invalid input: /, ''),
        })),
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = {
        error:
          status === 415
            ? 'unsupported_media_type'
            : status === 413
              ? 'payload_too_large'
              : 'bad_request',
        message: error.message,
      };
    } else {
      request.log.error({ err: error }, 'request failed');
      status = 500;
      body = {
        error: 'internal',
        message: 'Something went wrong on our side. Please try again shortly.',
      };
    }
    // Its code goes on the request's one access line; its sentence may quote the person's input.
    if (status >= 400 && status < 500) noteRefusal(request, body.error);
    // A person's page refused before the web app rendered it (past the read budget) gets a
    // page, not JSON: the sentence and a link to try again.
    if (status === 429 && isPageRequest(request)) {
      const { html, csp } = noticePage({
        title: 'Slow down a little',
        message: body.message,
        // The same page, never another site's (`//host` or `/\\host` would be).
        retryUrl: /^\/[^/\\]/.test(request.url) ? request.url : '/',
      });
      return reply
        .code(status)
        .header('content-security-policy', csp)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * A document request a person sees in their browser: one of the web app's pages (its
 * catch-all route, server/web.ts, which also answers unknown /api paths in JSON) or the
 * sign-in popup's start.
 */
const isPageRequest = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  ((request.routeOptions.url === '/*' && !request.url.startsWith('/api/')) ||
    request.routeOptions.url === '/auth/:provider/start');

/** Unknown /api paths answer 404 JSON; everything else belongs to the web app. */
export function apiNotFound(method: string, url: string): ErrorBody {
  return { error: 'not_found', message: `There is no endpoint ${method} ${url.split('?')[0]}` };
}

/**
 * Fastify's own refusals before a route is found (`frameworkErrors`): a path with a broken
 * %-escape or bytes that are not UTF-8, a path parameter longer than any route takes. Answered
 * in ErrorBody like every other refusal, without quoting the path back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, body]: [number, ErrorBody] =
    error.code === 'FST_ERR_BAD_URL'
      ? [
          400,
          {
            error: 'bad_request',
            message: 'The path holds a broken %-escape or bytes that are not UTF-8.',
          },
        ]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [
            414,
            {
              error: 'uri_too_long',
              message: 'A part of the path is longer than any route takes.',
            },
          ]
        : [
            500,
            {
              error: 'internal',
              message: 'Something went wrong on our side. Please try again shortly.',
            },
          ];
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else noteRefusal(request, body.error);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Node's refusals of a request it could not read at all, written straight to the socket. */
const CLIENT_ERRORS: Record<string, [number, ErrorBody]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    {
      error: 'headers_too_large',
      message: 'The request line and headers are larger than the 16 KB this server reads.',
    },
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    { error: 'request_timeout', message: 'The request did not arrive in time.' },
  ],
};

/**
 * A connection whose request is not HTTP we can read (`clientErrorHandler`): answered in
 * ErrorBody too, then closed, as Fastify's default does. The answer to a HEAD has no body.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error,
  socket: Socket,
) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] = CLIENT_ERRORS[error.code] ?? [
    400,
    { error: 'bad_request', message: 'The request is not HTTP this server can read.' },
  ];
  const text = JSON.stringify(body);
  const raw = error.rawPacket as unknown;
  const head = Buffer.isBuffer(raw) && raw.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" +
        `Connection: close\r\n\r\n${head ? '' : text}`,
    );
  socket.destroy(error);
};
