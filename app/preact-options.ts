import { options } from 'preact';

/**
 * React's `suppressHydrationWarning` (React Router puts it on its scripts) means nothing to
 * Preact, which would write it out as an attribute: drop it from elements before they render,
 * on the server and in the browser alike (docs/decisions/018-preact.md).
 */
const previous = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === 'string' && props && 'suppressHydrationWarning' in props) {
    delete props.suppressHydrationWarning;
  }
  previous?.(vnode);
};
