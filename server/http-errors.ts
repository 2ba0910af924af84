import type { ErrorBody } from '../contract/common';

/** An error a handler throws to answer 4xx with `{ error, message }` (server/errors.ts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Bad input: what is wrong with each field (ErrorBody's fields). */
    readonly fields?: ErrorBody['fields'],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} was not found`);
export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
