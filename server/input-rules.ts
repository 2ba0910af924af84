import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../contract/common';
import { storableCopy, unstorableText } from '../contract/storable';
import { HttpError } from './http-errors';

type Fields = NonNullable<ErrorBody['fields']>;

/** Enough to say what is wrong; a body of a thousand bad strings needs no thousand lines. */
const MAX_FIELDS = 10;

/**
 * Every string of one input (and every object key, which lands in JSON columns as text) that
 * the database cannot store: `field` is its path, as validation errors name fields. Walked
 * with a queue, not recursion: a 64 KB body can nest thousands deep.
 */
export function unstorableFields(input: unknown): Fields {
  const found: Fields = [];
  // Each value with the index of the one holding it and its key there: a field's path is only
  // spelled out for a field that is reported.
  const queue: [value: unknown, holder: number, key: string | number][] = [[input, -1, '']];
  const pathOf = (index: number) => {
    const keys: (string | number)[] = [];
    for (let i = index; i > 0; i = queue[i]![1]) keys.push(queue[i]![2]);
    let path = '';
    // Cut short past 200 characters (thousands deep would be a long answer).
    for (let k = keys.length - 1; k >= 0 && !path.endsWith('…'); k--)
      path =
        path.length > 200
          ? `${path}…`
          : path
            ? `${path}.${storableCopy(String(keys[k]))}`
            : storableCopy(String(keys[k]));
    return path;
  };
  for (let i = 0; i < queue.length && found.length < MAX_FIELDS; i++) {
    const value = queue[i]![0];
    if (typeof value === 'string') {
      const problem = unstorableText(value);
      if (problem) found.push({ field: pathOf(i), message: problem });
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) queue.push([value[index], i, index]);
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        queue.push([(value as Record<string, unknown>)[key], i, key]);
        const problem = unstorableText(key);
        // Ten at most: each path is a walk up the holders, and a body can nest thousands deep.
        if (problem && found.length < MAX_FIELDS)
          found.push({ field: pathOf(queue.length - 1), message: `has a name that ${problem}` });
      }
    }
  }
  return found;
}

/**
 * A Host header's value (RFC 9110 §7.2): a name or IPv4 address, or an [IPv6] one, and a port.
 * Underscores pass: container and service names that health checks use often carry them.
 */
const HOST = /^(?:[A-Za-z0-9_][A-Za-z0-9._-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The rules every request meets before any route sees it (docs/decisions/023-input-edge.md):
 *
 * - Exactly one Host header on HTTP/1.1 (RFC 9112 §3.2), holding a host and an optional port,
 *   refused in ErrorBody. Node would refuse a missing one itself, with an empty answer; it is
 *   told not to (server/app.ts).
 * - No text the database cannot store — a NUL character, half of a UTF-16 surrogate pair — in
 *   any path parameter, query value or name, or JSON or form body string or key, on every route
 *   (the API, the pages, /auth, /media). One rule at the edge rather than a check on each
 *   schema's strings: no field can forget it, and routes without a schema get it too.
 */
export function registerInputRules(app: FastifyInstance) {
  // Callback hooks: an async one costs every request a promise and a microtask.
  app.addHook('onRequest', (request, _reply, done) => {
    const { rawHeaders, httpVersion } = request.raw;
    let hosts = 0;
    for (let i = 0; i < rawHeaders.length; i += 2)
      if (rawHeaders[i]!.toLowerCase() === 'host') hosts++;
    if (hosts > 1 || (hosts === 0 && httpVersion === '1.1'))
      return done(
        new HttpError(400, 'bad_request', 'An HTTP/1.1 request needs exactly one Host header.'),
      );
    const { host } = request.headers;
    if (host && !HOST.test(host))
      return done(
        new HttpError(
          400,
          'bad_request',
          'The Host header must be a host name or address, with an optional port.',
        ),
      );
    done();
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const fields: Fields = [];
    const described: string[] = [];
    for (const [context, input] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      for (const field of unstorableFields(input)) {
        fields.push(field);
        described.push(`${[context, field.field].filter(Boolean).join('.')} ${field.message}`);
      }
    }
    if (fields.length)
      return done(
        new HttpError(
          400,
          'bad_request',
          described.slice(0, MAX_FIELDS).join('; '),
          fields.slice(0, MAX_FIELDS),
        ),
      );
    done();
  });
}
