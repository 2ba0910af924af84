import { createHash } from 'node:crypto';
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

/** The brand's tokens (app/styles/tokens.css), for pages the host writes without the app's CSS. */
const NOTICE_STYLE =
  'body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fffbf6;color:#15131c;display:grid;place-items:center;min-height:100vh}' +
  'main{box-sizing:border-box;background:#fff;padding:28px 24px;border-radius:16px;width:min(420px,calc(100vw - 32px));box-shadow:0 2px 12px rgb(21 19 28 / .08)}' +
  'h1{font-size:24px;line-height:1.15;margin:0 0 8px}p{margin:0 0 16px;color:rgb(21 19 28 / .68)}' +
  'a{display:inline-block;padding:10px 18px;border-radius:999px;background:#c2362c;color:#fff;font-weight:600;text-decoration:none}' +
  'a:focus-visible{outline:3px solid #15131c;outline-offset:2px}';

/**
 * A page the host answers by itself, before the web app could render (a client past its read
 * budget): a title, a sentence and a link to try again, styled inline under a policy that allows
 * that one style and nothing else.
 */
export function noticePage(options: { title: string; message: string; retryUrl: string }) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} · Spotreel</title><style>${NOTICE_STYLE}</style></head>
<body><main><h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.message)}</p><a href="${escapeHtml(options.retryUrl)}">Try again</a></main></body></html>`;
  const styleHash = createHash('sha256').update(NOTICE_STYLE).digest('base64');
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;
  return { html, csp };
}
