import { useId } from 'react';
import { lazyChunk } from '../../chunk-reload';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../paths';
import { useAuth } from '../../shared/auth/auth';
import type { SessionUser } from '../../shared/auth/session-user';
import styles from './business-sign-in.module.css';

const SignInPanel = lazyChunk(() =>
  import('../../shared/auth/sign-in-panel').then((module) => ({ default: module.SignInPanel })),
);

/** biz/sign-in (spec §2.2): the same sign-in as the header's, then on to the dashboard. */
export function BusinessSignIn() {
  const { user, setUser } = useAuth();
  const navigate = useNavigate();
  const headingId = useId();

  function signedIn(next: SessionUser) {
    setUser(next);
    void navigate(paths.bizDashboard());
  }

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <div className={styles.logo}>
          <Logo />
        </div>
        {user ? (
          <div className={styles.signedIn}>
            <h1 id={headingId}>You’re signed in as {user.display_name}</h1>
            <p>Open your dashboard to see how people find your business.</p>
            <ButtonLink href={paths.bizDashboard()}>Go to your dashboard</ButtonLink>
          </div>
        ) : (
          // No Suspense boundary of its own: hydration (and a navigation, in a transition) waits
          // for the panel's chunk, so the server's form stays until it is React's (ADR 055).
          <SignInPanel
            headingId={headingId}
            headingLevel={1}
            title="Sign in to your business"
            lead="Use the account you claimed your listing with. New here? Sign in, then claim your place."
            onSignedIn={signedIn}
          />
        )}
      </div>
    </div>
  );
}
