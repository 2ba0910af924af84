import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useAppInstall, type AppAction } from './app-install';

/** A button for an app-only action (follow, open in app): the app-install rule of spec §2.5. */
export function AppActionButton({
  action,
  icon,
  children,
  variant = 'primary',
}: {
  action: AppAction;
  icon?: ReactNode;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}) {
  const { request } = useAppInstall();
  return (
    <Button variant={variant} icon={icon} onClick={() => request(action)}>
      {children}
    </Button>
  );
}
