import { useRouteLoaderData } from 'react-router';
import type { loader } from './root';

/** The root's data (route set of the first load, public config, footer data) for any component. */
export const useRootData = () => useRouteLoaderData<typeof loader>('root');
export type RootData = NonNullable<ReturnType<typeof useRootData>>;
