import { createContext, type RouterContext } from 'react-router';
import type { WebLoadContext } from '../contract/web-load-context';

export type { WebLoadContext };

/**
 * The key of the host's value in React Router's request context (a `RouterContextProvider`,
 * always on since React Router 8). The host is bundled apart from the app, so it takes this very
 * key from the server build, where app/entry.server.tsx exports it (server/web.ts).
 */
export const webContext: RouterContext<WebLoadContext> = createContext<WebLoadContext>();
