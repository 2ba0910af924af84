import { renderToStringAsync } from 'preact-render-to-string';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import './load-context';
import './preact-options';

export const streamTimeout = 10_000;

/**
 * Every page is sent complete: its title, heading and content are in the HTML before any
 * script runs, for people on slow phones and for search engines alike.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const { nonce } = loadContext;
  const html = await renderToStringAsync(
    <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
  );
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html}`, { headers, status });
}
