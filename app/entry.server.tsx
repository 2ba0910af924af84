import { renderToStringAsync } from 'preact-render-to-string';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { loadAllParts } from './components/on-demand';
import './load-context';
import './preact-options';

export const streamTimeout = 10_000;

/** A render that has not finished by then fails (the error page answers instead). */
const RENDER_TIMEOUT_MS = streamTimeout + 1000;

function withinRenderTimeout<T>(work: T | Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The page did not render within ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Every page is sent complete: its title, heading and content are in the HTML before any
 * script runs, for people on slow phones and for search engines alike. Rendered by Preact
 * (docs/decisions/018-preact.md), with the code of every on-demand part loaded first so that no
 * part waits during the render (the browser renders the same tree in the same order).
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
  await loadAllParts();
  const html = await withinRenderTimeout(
    renderToStringAsync(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />),
  );
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html}`, { headers, status });
}
