import { Link } from 'react-router';
import { LogOut, Store, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';
import { useFullLoad } from '../../use-full-load';
import { useAuth } from './auth';
import type { SessionUser } from './session-user';
import styles from './account-control.module.css';

/**
 * spec §4 and issue 5: 'Sign in' in the header while signed out; once signed in, a menu with the
 * avatar, the profile, the business dashboard when the person runs a business, and sign-out.
 */
export function AccountControl() {
  const { user, openSignIn, prepareSignIn, signOut } = useAuth();
  if (!user)
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={openSignIn}
        onPointerEnter={prepareSignIn}
        onFocus={prepareSignIn}
        data-testid="sign-in"
      >
        Sign in
      </Button>
    );
  return <AccountMenu user={user} onSignOut={signOut} />;
}

function AccountMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // A link into another route set (spec §2: the first load decides it) is a full page load.
  const fullLoad = useFullLoad();
  const profilePath = paths.user(user.vanity_url || user.username);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function signOut() {
    setSigningOut(true);
    try {
      await onSignOut();
    } finally {
      setSigningOut(false);
      setOpen(false);
    }
  }

  return (
    <div className={styles.account} ref={root}>
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        data-testid="account-menu"
      >
        <Avatar
          src={user.avatarUrl}
          name={user.display_name || user.username}
          size={36}
          decorative
        />
        <span className="visually-hidden">Account: {user.display_name}</span>
      </button>
      <div id={menuId} className={styles.menu} hidden={!open}>
        <p className={styles.who}>
          <strong>{user.display_name}</strong>
          <span>@{user.username}</span>
        </p>
        <ul className={styles.items}>
          <li>
            <Link
              to={profilePath}
              reloadDocument={fullLoad(profilePath)}
              className={styles.item}
              onClick={() => setOpen(false)}
            >
              <UserRound aria-hidden="true" />
              Your profile
            </Link>
          </li>
          {user.businesses.length > 0 ? (
            <li>
              <Link
                to={paths.bizDashboard()}
                reloadDocument={fullLoad(paths.bizDashboard())}
                className={styles.item}
                onClick={() => setOpen(false)}
              >
                <Store aria-hidden="true" />
                Business dashboard
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className={styles.item}
              onClick={() => void signOut()}
              disabled={signingOut}
            >
              <LogOut aria-hidden="true" />
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
