import type { ErrorBody } from '../contract/common';

/** An error a handler throws to answer 4xx (or 503) with `{ error, message }` (server/errors.ts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Bad input: what is wrong with each field (ErrorBody's fields). */
    readonly fields?: ErrorBody['fields'],
    /** When to ask again (the Retry-After header of a 429 or 503). */
    readonly retry?: { afterSeconds: number },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} was not found`);
export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
