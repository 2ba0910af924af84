import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../contract/common';
import { HttpError } from './http-errors';

type Issue = { instancePath?: string; message?: string };

/** "query.per_page must be at most 100" from a validation issue. */
function describeIssue(context: string | undefined, issue: Issue): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const where = [context, path].filter(Boolean).join('.');
  return `${where || 'request'} ${issue.message ?? 'is invalid'}`.replace(/ Invalid input: /, ' ');
}

/**
 * Every failure answers `{ error, message }`: bad input 4xx, unknown ids 404, and anything
 * unexpected a plain 500 with no stack (docs/decisions/005-api-contract.md).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (error instanceof HttpError) {
      status = error.statusCode;
      body = { error: error.code, message: error.message };
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
    } else if (error.statusCode === 429) {
      status = 429;
      body = {
        error: 'rate_limited',
        message: 'Too many requests. Slow down and try again in a minute.',
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
    if (status >= 400 && status < 500)
      request.log.info({ status, error: body.error }, body.message);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

/** Unknown /api paths answer 404 JSON; everything else belongs to the web app. */
export function apiNotFound(method: string, url: string): ErrorBody {
  return { error: 'not_found', message: `There is no endpoint ${method} ${url.split('?')[0]}` };
}
