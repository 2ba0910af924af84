import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { USERNAME_MESSAGES, usernameProblem } from '../../../contract/username';
import { browserApi } from '../../api/browser-api';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { paths } from '../../paths';
import { useAuth } from '../../shared/auth/auth';
import type { SessionUser } from '../../shared/auth/session-user';
import { saveUser, type ProfileChanges } from '../../shared/auth/sign-in';
import panel from '../../shared/auth/sign-in-panel.module.css';
import { UsernameField, useUsernameCheck } from '../../shared/auth/username-field';
import { jsonBody, refuse, refusalOf, useWrite } from '../../shared/forms/write-action';
import styles from './edit-profile.module.css';

export interface EditableProfile {
  display_name: string;
  user_name: string;
  bio: string;
}

const NAME_MAX = 80;
const BIO_MAX = 500;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The profile page's clientAction: the form's rules, then POST /api/user/save with what changed
 * and the session user reloaded (spec §4). Its answer names the profile's address, which a new
 * username may change (docs/decisions/073-writes-through-fetchers.md).
 */
export async function saveProfile({ request }: { request: Request }) {
  const body = await jsonBody(request);
  const was = (body?.was ?? {}) as Partial<EditableProfile>;
  const userId = Number(body?.user_id);
  if (!body || !Number.isInteger(userId)) return refuse({}, 'Your profile was not saved.');
  const name = text(body.display_name).trim();
  const username = text(body.username);
  const bio = text(body.bio).trim();
  if (!name) return refuse({ display_name: 'Enter the name people see on your profile' }, '');
  const problem = username === was.user_name ? null : usernameProblem(username);
  if (problem) return refuse({ username: USERNAME_MESSAGES[problem] }, '');
  const changes: ProfileChanges = {
    ...(name !== was.display_name ? { display_name: name } : {}),
    ...(username !== was.user_name ? { username } : {}),
    ...(bio !== was.bio ? { bio } : {}),
  };
  if (Object.keys(changes).length === 0) return { ok: true as const, user: null, to: null };
  try {
    const user = await saveUser(browserApi(), { user_id: userId }, changes);
    return { ok: true as const, user, to: paths.user(user.vanity_url || user.username) };
  } catch (error) {
    return refusalOf(error, 'Your profile was not saved.');
  }
}

/** The profile form: name, username (checked live) and bio, saved by the page's clientAction. */
export default function EditProfileDialog({
  open,
  onClose,
  user,
  profile,
}: {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
  profile: EditableProfile;
}) {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const headingId = useId();
  const nameId = useId();
  const bioId = useId();
  const bioCountId = useId();
  const [displayName, setDisplayName] = useState(profile.display_name);
  const [username, setUsername] = useState(profile.user_name);
  const [bio, setBio] = useState(profile.bio);
  const [check, setCheck] = useUsernameCheck(username, profile.user_name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const { submit: send, pending } = useWrite<typeof saveProfile>((answer) => {
    if (answer.ok) {
      if (answer.user) setUser(answer.user);
      onClose();
      // A new address: the profile's loader runs for it (the route's shouldRevalidate skipped
      // the old one, which a new username may have freed).
      if (answer.to && answer.to !== pathname) void navigate(answer.to, { replace: true });
      return;
    }
    const nameProblem = answer.fields.display_name ?? null;
    setNameError(nameProblem);
    if (nameProblem) return nameRef.current?.focus();
    const usernameMessage =
      answer.fields.username ?? (answer.code?.startsWith('username_') ? answer.message : null);
    if (usernameMessage) {
      setCheck({ state: 'invalid', username, message: usernameMessage });
      return usernameRef.current?.focus();
    }
    setFormError(answer.message);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    send(
      {
        user_id: user.user_id,
        display_name: displayName,
        username,
        bio,
        was: { display_name: profile.display_name, user_name: profile.user_name, bio: profile.bio },
      },
      { method: 'post', encType: 'application/json' },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy={headingId}>
      <form className={panel.panel} onSubmit={submit} noValidate>
        <h2 id={headingId} className={panel.title}>
          Edit profile
        </h2>
        <label htmlFor={nameId} className={panel.label}>
          Name
        </label>
        <input
          ref={nameRef}
          id={nameId}
          className={styles.input}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          maxLength={NAME_MAX}
          autoComplete="name"
          aria-invalid={nameError !== null}
          required
        />
        <p className={panel.fieldError} aria-live="polite">
          {nameError}
        </p>
        <UsernameField
          value={username}
          onChange={setUsername}
          check={check}
          inputRef={usernameRef}
        />
        <label htmlFor={bioId} className={panel.label}>
          Bio
        </label>
        <textarea
          id={bioId}
          className={styles.input}
          value={bio}
          onChange={(event) => setBio(event.target.value)}
          maxLength={BIO_MAX}
          rows={3}
          aria-describedby={bioCountId}
        />
        <p id={bioCountId} className={panel.hint}>
          {bio.length}/{BIO_MAX}
        </p>
        <p className={panel.error} role="alert">
          {formError}
        </p>
        <div className={panel.actions}>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
