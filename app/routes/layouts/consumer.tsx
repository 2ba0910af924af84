import { ScreenLayout } from '../../layout/screen-layout';

/** The chrome of its pages (app/routes.ts): 'consumer'. */
export default function Layout() {
  return <ScreenLayout layout="consumer" />;
}
