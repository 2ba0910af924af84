import { Check, LoaderCircle } from 'lucide-react';
import {
  useEffect,
  useId,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { USERNAME_MAX, USERNAME_MESSAGES, usernameProblem } from '../../../contract/username';
import { browserApi } from '../../api/browser-api';
import { checkUsername } from './sign-in';
import formStyles from '../../components/ui/form.module.css';
import styles from './sign-in-panel.module.css';

export type UsernameCheck =
  | { state: 'idle' }
  | { state: 'checking'; username: string }
  | { state: 'valid'; username: string }
  | { state: 'invalid'; username: string; message: string };

const CHECK_DELAY_MS = 300;

/** What the rules alone say of `username`: the server is asked only about a name they allow. */
function ruleCheck(username: string, unchanged?: string): UsernameCheck {
  if (!username || username === unchanged) return { state: 'idle' };
  const problem = usernameProblem(username);
  if (problem) return { state: 'invalid', username, message: USERNAME_MESSAGES[problem] };
  return { state: 'checking', username };
}

/**
 * The live username check: the rules at once, then the server (reserved words, taken) after a
 * pause. `unchanged` (the person's own name) needs no check.
 */
export function useUsernameCheck(
  username: string,
  unchanged?: string,
): [UsernameCheck, Dispatch<SetStateAction<UsernameCheck>>] {
  const [check, setCheck] = useState<UsernameCheck>(() => ruleCheck(username, unchanged));
  // Another name: the rules' answer in this render, not in an effect after it (React's
  // "adjusting some state when a prop changes").
  const [checked, setChecked] = useState({ username, unchanged });
  if (checked.username !== username || checked.unchanged !== unchanged) {
    setChecked({ username, unchanged });
    setCheck(ruleCheck(username, unchanged));
  }
  useEffect(() => {
    if (ruleCheck(username, unchanged).state !== 'checking') return;
    let current = true;
    const timer = window.setTimeout(async () => {
      const answer = await checkUsername(browserApi(), username);
      if (!current) return;
      if (!answer)
        setCheck({ state: 'idle' }); // no answer: the server checks again on submit
      else if (answer.status === 'valid') setCheck({ state: 'valid', username });
      else
        setCheck({
          state: 'invalid',
          username,
          message: answer.message ?? 'That username cannot be used',
        });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [username, unchanged]);
  return [check, setCheck];
}

/** The username input with its '@', its live status and the rules. */
export function UsernameField({
  value,
  onChange,
  check,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  check: UsernameCheck;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const inputId = useId();
  const hintId = useId();
  const statusId = useId();
  const invalid = check.state === 'invalid';
  return (
    <>
      <label htmlFor={inputId} className={styles.label}>
        Username
      </label>
      <div className={`${styles.field} ${invalid ? styles.fieldInvalid : ''}`}>
        <span aria-hidden="true">@</span>
        <input
          ref={inputRef}
          id={inputId}
          name="username"
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\s+/g, '').toLowerCase())}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX}
          aria-invalid={invalid}
          aria-describedby={`${statusId} ${hintId}`}
          required
        />
        {check.state === 'checking' ? (
          <LoaderCircle className={formStyles.spin} aria-hidden="true" />
        ) : check.state === 'valid' ? (
          <Check className={styles.ok} aria-hidden="true" />
        ) : null}
      </div>
      <p
        id={statusId}
        className={invalid ? styles.fieldError : styles.fieldStatus}
        aria-live="polite"
      >
        {check.state === 'invalid'
          ? check.message
          : check.state === 'valid'
            ? `@${check.username} is free`
            : check.state === 'checking'
              ? 'Checking…'
              : ''}
      </p>
      <p id={hintId} className={styles.hint}>
        3–24 characters: lowercase letters, numbers, dots and underscores, starting with a letter.
      </p>
    </>
  );
}
