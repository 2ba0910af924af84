import {
  createContext,
  startTransition,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { lazyChunk } from '../../chunk-reload';
import { browserApi } from '../../api/browser-api';
import { isAuthenticated, storeUser, type SessionUser } from './session-user';
import { endSession } from './session-api';

const loadDialog = () => import('./sign-in-dialog');
const SignInDialog = lazyChunk(loadDialog);

interface AuthValue {
  /** spec §3 session user; null while signed out. */
  user: SessionUser | null;
  authenticated: boolean;
  openSignIn(): void;
  /** Loads the sign-in dialog ahead of a likely click (hover, focus). */
  prepareSignIn(): void;
  /** After sign-in, sign-up or a saved profile. */
  setUser(user: SessionUser): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * spec §4 authentication state. The server render knows the user from the session cookie, so
 * the first paint is already signed in; the session copy (`appUser`) follows the state.
 */
export function AuthProvider({
  initialUser,
  children,
}: {
  initialUser: SessionUser | null;
  children: ReactNode;
}) {
  const [user, setUserState] = useState<SessionUser | null>(initialUser);
  const [dialog, setDialog] = useState<'unloaded' | 'open' | 'closed'>('unloaded');

  useEffect(() => {
    const storage = sessionStore();
    if (storage) storeUser(storage, user);
  }, [user]);

  const setUser = useCallback((next: SessionUser) => {
    setUserState(next);
    setDialog((state) => (state === 'open' ? 'closed' : state));
  }, []);

  const signOut = useCallback(async () => {
    // The signed-out page offers sign-in: its code (the dialog, and the panel it shares with the
    // business sign-in page) comes while the session ends, so the transition below waits little.
    void loadDialog();
    await endSession(browserApi());
    // spec §4: sign-out clears the auth state, the user and the session copy. A transition: a
    // part the signed-out page shows whose code is still to come (the business sign-in panel)
    // keeps the signed-in page up until it arrives, instead of the screen's skeleton (ADR 055).
    startTransition(() => setUserState(null));
    const storage = sessionStore();
    if (storage) storeUser(storage, null);
  }, []);

  const value = useMemo<AuthValue>(
    () => ({
      user,
      authenticated: isAuthenticated(user),
      openSignIn: () => setDialog('open'),
      prepareSignIn: () => void loadDialog(),
      setUser,
      signOut,
    }),
    [user, setUser, signOut],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {dialog === 'unloaded' ? null : (
        <Suspense fallback={null}>
          <SignInDialog
            open={dialog === 'open'}
            onClose={() => setDialog('closed')}
            onSignedIn={setUser}
          />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
