import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { USERNAME_MESSAGES, usernameProblem } from '../../../contract/username';
import { browserApi } from '../../api/browser-api';
import { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { openAuthPopup } from './auth-popup';
import { ProviderMark } from './provider-marks';
import type { SessionUser } from './session-user';
import {
  NoAppUserError,
  PROVIDERS,
  signIn,
  signUp,
  suggestUsername,
  type ProviderName,
} from './sign-in';
import formStyles from '../../components/ui/form.module.css';
import styles from './sign-in-panel.module.css';
import { UsernameField, useUsernameCheck } from './username-field';

type Step =
  | { kind: 'choose'; error: string | null; busy: ProviderName | null }
  | { kind: 'sign-up'; pending: NoAppUserError };

/**
 * spec §4 sign-in and sign-up in one panel: the three providers, then — for a person Spotreel
 * does not know yet — a username, checked as it is typed. Used by the header's sign-in dialog
 * and by the business sign-in page.
 */
export function SignInPanel({
  headingId,
  headingLevel = 2,
  title = 'Sign in to Spotreel',
  // Only what signing in on the web gives (issue 38): following and collections are the app's.
  lead = 'Edit your profile, and manage the places you run from your business dashboard. Following spots and saving collections happen in the Spotreel app.',
  onSignedIn,
}: {
  headingId: string;
  /** 1 where the panel is the page (biz/sign-in), 2 inside the dialog. */
  headingLevel?: 1 | 2;
  title?: string;
  lead?: string;
  onSignedIn: (user: SessionUser) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose', error: null, busy: null });
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  async function start(provider: ProviderName) {
    setStep({ kind: 'choose', error: null, busy: provider });
    try {
      const user = await signIn(browserApi(), provider, openAuthPopup);
      if (user) onSignedIn(user);
      else setStep({ kind: 'choose', error: null, busy: null }); // closed: end quietly
    } catch (error) {
      if (error instanceof NoAppUserError) setStep({ kind: 'sign-up', pending: error });
      else setStep({ kind: 'choose', error: messageOf(error), busy: null });
    }
  }

  if (step.kind === 'sign-up')
    return (
      <SignUpForm
        headingId={headingId}
        Heading={Heading}
        pending={step.pending}
        onSignedIn={onSignedIn}
        onRestart={(error) => setStep({ kind: 'choose', error, busy: null })}
      />
    );

  return (
    <div className={styles.panel}>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      <p className={styles.lead}>{lead}</p>
      <ul className={styles.providers} aria-label="Sign in with">
        {PROVIDERS.map((provider) => (
          <li key={provider.id}>
            <button
              type="button"
              className={`${styles.provider} ${styles[provider.id]}`}
              onClick={() => void start(provider.id)}
              aria-busy={step.busy === provider.id}
              data-provider={provider.id}
            >
              {step.busy === provider.id ? (
                <LoaderCircle className={formStyles.spin} aria-hidden="true" />
              ) : (
                <ProviderMark provider={provider.id} />
              )}
              Continue with {provider.label}
            </button>
          </li>
        ))}
      </ul>
      <p className={formStyles.error} role="alert">
        {step.error}
      </p>
      <p className={styles.fine}>
        New here? Choose a provider and pick a username next. We never post for you.
      </p>
    </div>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Sign-in did not work. Try again.';
}

function SignUpForm({
  headingId,
  Heading,
  pending,
  onSignedIn,
  onRestart,
}: {
  headingId: string;
  Heading: 'h1' | 'h2';
  pending: NoAppUserError;
  onSignedIn: (user: SessionUser) => void;
  onRestart: (error: string | null) => void;
}) {
  const person = pending.providerUser;
  const [username, setUsername] = useState(() => suggestUsername(person));
  const [check, setCheck] = useUsernameCheck(username);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const problem = usernameProblem(username);
    if (problem) {
      setCheck({ state: 'invalid', username, message: USERNAME_MESSAGES[problem] });
      inputRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      onSignedIn(await signUp(browserApi(), pending, username));
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.code.startsWith('username_')) {
        setCheck({ state: 'invalid', username, message: error.message });
        inputRef.current?.focus();
      } else if (error instanceof ApiError && (error.status === 401 || error.status === 409)) {
        // The provider's answer expired or was used: sign in again from the start.
        onRestart(error.message);
      } else {
        setFormError(messageOf(error));
      }
    }
  }

  const firstName = person.displayName?.split(' ')[0];

  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      <Heading id={headingId} className={styles.title}>
        Choose your username
      </Heading>
      <p className={styles.notice} role="status">
        No app user found for {person.email ?? 'this account'}. Pick a username to join Spotreel.
      </p>
      <p className={styles.lead}>
        {firstName ? `Welcome, ${firstName}. ` : ''}It is your profile’s address and the name locals
        see.
      </p>
      <UsernameField value={username} onChange={setUsername} check={check} inputRef={inputRef} />
      <p className={formStyles.error} role="alert">
        {formError}
      </p>
      <div className={styles.actions}>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? 'Creating your account…' : 'Create account'}
        </Button>
        <Button
          variant="ghost"
          icon={<ArrowLeft aria-hidden="true" />}
          onClick={() => onRestart(null)}
        >
          Use another account
        </Button>
      </div>
    </form>
  );
}
