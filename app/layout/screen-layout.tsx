import type { ReactNode } from 'react';
import { MobileInstallBanner, StickyAppFooter } from '../features/app-install/app-footer-prompts';
import type { Screen } from '../route-sets';
import { ClaimBanner } from './claim-banner';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

/** The shared chrome each layout of spec §2.2–2.4 gets (app/route-sets.ts LayoutKind). */
export function ScreenLayout({ screen, children }: { screen: Screen; children: ReactNode }) {
  const main = (
    <main id="main" data-screen={screen.id} data-route-set={screen.set} data-layout={screen.layout}>
      {children}
    </main>
  );
  switch (screen.layout) {
    case 'consumer':
    case 'campaign-shared':
      return (
        <>
          <TopNav />
          {main}
          <ClaimBanner />
          <SiteFooter />
          <StickyAppFooter />
          <MobileInstallBanner />
        </>
      );
    case 'business-shared':
      return (
        <>
          <TopNav />
          {main}
          <SiteFooter />
        </>
      );
    case 'business-sign-in':
      return (
        <>
          <TopNav hideOnDesktop />
          {main}
        </>
      );
    case 'campaign-compact':
      return (
        <>
          <TopNav compact />
          {main}
        </>
      );
    case 'business-bare':
    case 'none':
      return main;
  }
}
