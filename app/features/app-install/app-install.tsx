import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { deviceClassFromWidth } from '../../../contract/device';
import { visitorDistinctId } from '../../api/browser-api';
import { useRootData } from '../../root-data';
import { AppInstallModal, modalTitle } from './app-install-modal';
import { buildAppDeepLink } from './deep-link';

/** Why the visitor needs the app: the modal's words depend on it (spec §2.5). */
export type AppAction = 'follow-location' | 'get-app' | 'open-in-app' | 'install';

/** spec §9 session key: the modal opens once per session on mobile. */
export const APP_MODAL_SESSION_KEY = 'app_modal';

interface AppInstall {
  /** The app-only action: the modal on mobile (once a session), else the app link in a new tab. */
  request(action: AppAction): void;
  /** The deep link for this page (spec §2.5). */
  appLink(): string;
  modalOpen: boolean;
}

const AppInstallContext = createContext<AppInstall | null>(null);

export function AppInstallProvider({ children }: { children: ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  // The modal's title, decided when it opens: null while it is closed.
  const [title, setTitle] = useState<string | null>(null);

  const appLink = useCallback(
    () =>
      buildAppDeepLink({
        base: root?.config.appLinkBase ?? '',
        search: location.search,
        distinctId: visitorDistinctId(),
        pageUrl: typeof window === 'undefined' ? location.pathname : window.location.href,
      }),
    [root, location],
  );

  const request = useCallback(
    (next: AppAction) => {
      const mobile = deviceClassFromWidth(window.innerWidth) === 'mobile';
      if (mobile && window.sessionStorage.getItem(APP_MODAL_SESSION_KEY) === null) {
        window.sessionStorage.setItem(APP_MODAL_SESSION_KEY, '1');
        // The screen this page shows, as its <main> names it (app/layout/screen-layout.tsx).
        setTitle(modalTitle(next, document.getElementById('main')?.dataset.screen));
        return;
      }
      window.open(appLink(), '_blank', 'noopener,noreferrer');
    },
    [appLink],
  );

  const value = useMemo(
    () => ({ request, appLink, modalOpen: title !== null }),
    [request, appLink, title],
  );
  return (
    <AppInstallContext.Provider value={value}>
      {children}
      <AppInstallModal title={title} onClose={() => setTitle(null)} appLink={appLink} />
    </AppInstallContext.Provider>
  );
}

export function useAppInstall(): AppInstall {
  const value = useContext(AppInstallContext);
  if (!value) throw new Error('useAppInstall outside AppInstallProvider');
  return value;
}
