import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useAppInstall, type AppAction } from './app-install';

/** A button for an app-only action (follow, open in app): the app-install rule of spec §2.5. */
export function AppActionButton({
  action,
  icon,
  children,
  variant = 'primary',
  iconOnly = false,
}: {
  action: AppAction;
  icon?: ReactNode;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  iconOnly?: boolean;
}) {
  const { request } = useAppInstall();
  return (
    <Button variant={variant} icon={icon} iconOnly={iconOnly} onClick={() => request(action)}>
      {children}
    </Button>
  );
}
