import { ScreenLayout } from '../../layout/screen-layout';

/** The chrome of its pages (app/routes.ts): 'campaign-shared'. */
export default function Layout() {
  return <ScreenLayout layout="campaign-shared" />;
}
