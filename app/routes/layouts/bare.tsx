import { layoutErrorBoundary } from '../../layout/page-load-error';
import { ScreenLayout } from '../../layout/screen-layout';

/** The chrome of its pages (app/routes.ts): 'business-bare'. */
export default function Layout() {
  return <ScreenLayout layout="business-bare" />;
}

/** A page that could not load keeps this chrome (an offline Back); other errors go to the root. */
export const ErrorBoundary = layoutErrorBoundary('business-bare');
