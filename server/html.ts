import type { FastifyInstance } from 'fastify';

/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Lets routes of this plugin scope read HTML form posts (the API itself speaks JSON only): the
 * fields arrive as `request.body`, a record of strings.
 */
export function acceptFormPosts(scope: FastifyInstance, bodyLimit: number) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
