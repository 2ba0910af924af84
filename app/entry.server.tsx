import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router';
import { webContext } from './load-context';

// The host sets its value in each request's context under this key (server/web.ts).
export { webContext };

export const streamTimeout = 10_000;

/**
 * Errors of a server render, reported as React Router does by default, except a path no route
 * matches (a 404 the page itself answers, e.g. an address with encoded line breaks): that is a
 * visitor's mistake, not ours, and its stack would only fill the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  console.error(error);
};

/**
 * Every page is sent complete (`onAllReady`): its title, heading and content are in the HTML
 * before any script runs, for people on slow phones and for search engines alike. React DOM's
 * server renderer (docs/decisions/019-react.md) waits for every lazy part; the whole document is
 * collected into one `Buffer` (ADR 046), so the host can keep a copy of a page that is the same
 * for every anonymous visitor (server/page-cache.ts). A render that has not finished after
 * `streamTimeout` + 1 s is aborted (the error page answers).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  requestContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  // marks the inline scripts this render writes: the CSP allows exactly those, by hash
  const { nonce } = requestContext.get(webContext);
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Buffer.concat(chunks), { headers, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Whole pages: a finished part is written in place, never moved out behind a script
        // that swaps it in (React outlines big parts of a streamed page otherwise).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}
