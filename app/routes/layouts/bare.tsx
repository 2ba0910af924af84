import { ScreenLayout } from '../../layout/screen-layout';

/** The chrome of its pages (app/routes.ts): 'business-bare'. */
export default function Layout() {
  return <ScreenLayout layout="business-bare" />;
}
