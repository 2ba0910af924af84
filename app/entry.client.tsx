import { Fragment, options } from 'preact';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadPartsIn } from './components/on-demand';
import './preact-options';

/**
 * In the browser Preact renders into `document.documentElement`, so the root's `<html>` element
 * (the server's document) is the container here, not part of the tree: it renders as a fragment
 * of its head and body (its attributes are the server's and stay).
 */
const previous = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === 'html') vnode.type = Fragment;
  previous?.(vnode);
};

/**
 * React Router's first render waits for the page's loader data to be decoded by throwing that
 * promise (suspending the root). React can hold a root hydration for it; Preact cannot — it
 * would render the document a second time — so the wait happens here, before hydrating
 * (docs/decisions/018-preact.md). The first call always throws: decoding is asynchronous. A
 * failed decoding is kept on that promise (`error`), which React Router would throw next.
 */
async function routerData() {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    await thrown;
    const failed = (thrown as Promise<void> & { error?: unknown }).error;
    if (failed !== undefined) throw failed;
  }
}

/**
 * Preact's hydration removes every node of `<head>` and `<body>` that the tree does not render:
 * the server's data scripts (done with), but also what others put there before — the links that
 * loading the on-demand parts added, a browser extension's nodes. React left those alone; so do
 * we: whatever hydration takes out of them directly is put back.
 */
function hydrateKeepingOthersNodes() {
  const watched = [document.head, document.body];
  const observer = new MutationObserver(() => undefined);
  for (const element of watched) observer.observe(element, { childList: true });
  hydrateRoot(document, <HydratedRouter />);
  for (const record of observer.takeRecords()) {
    for (const node of record.removedNodes) {
      if (!node.isConnected && watched.includes(record.target as HTMLElement)) {
        record.target.appendChild(node);
      }
    }
  }
  observer.disconnect();
}

// The page's data and the code of its on-demand parts first, so that hydration renders exactly
// the server's tree in one pass. If the page cannot start, it stays as the server sent it
// (readable, its links still work) rather than being torn down.
Promise.all([routerData(), loadPartsIn(document)])
  .then(hydrateKeepingOthersNodes)
  .catch((error: unknown) => console.error('The page could not start in this browser', error));
