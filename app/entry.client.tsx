import { Fragment, options } from 'preact';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
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
 * (docs/decisions/018-preact.md). The first call always throws: decoding is asynchronous.
 */
async function routerReady() {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

void routerReady().then(() => hydrateRoot(document, <HydratedRouter />));
