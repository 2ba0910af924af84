import { useId, useRef, useState, type FormEvent } from 'react';
import { USERNAME_MESSAGES, usernameProblem } from '../../../contract/username';
import { browserApi } from '../../api/browser-api';
import { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { paths } from '../../paths';
import { useAuth } from '../../shared/auth/auth';
import type { SessionUser } from '../../shared/auth/session-user';
import { saveUser, type ProfileChanges } from '../../shared/auth/sign-in';
import panel from '../../shared/auth/sign-in-panel.module.css';
import { UsernameField, useUsernameCheck } from '../../shared/auth/username-field';
import styles from './edit-profile.module.css';

export interface EditableProfile {
  display_name: string;
  user_name: string;
  bio: string;
}

const NAME_MAX = 80;
const BIO_MAX = 500;

/** The profile form: name, username (checked live) and bio, saved with POST /api/user/save. */
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
  const [saving, setSaving] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const name = displayName.trim();
    if (!name) {
      setNameError('Enter the name people see on your profile');
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    const problem = username === profile.user_name ? null : usernameProblem(username);
    if (problem) {
      setCheck({ state: 'invalid', username, message: USERNAME_MESSAGES[problem] });
      usernameRef.current?.focus();
      return;
    }
    const changes: ProfileChanges = {
      ...(name !== profile.display_name ? { display_name: name } : {}),
      ...(username !== profile.user_name ? { username } : {}),
      ...(bio.trim() !== profile.bio ? { bio: bio.trim() } : {}),
    };
    if (Object.keys(changes).length === 0) return onClose();
    setSaving(true);
    try {
      const reloaded = await saveUser(browserApi(), user, changes);
      setUser(reloaded);
      // A full load shows the saved profile fresh from the server (and its new address).
      window.location.assign(paths.user(reloaded.vanity_url || reloaded.username));
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.code.startsWith('username_')) {
        setCheck({ state: 'invalid', username, message: error.message });
        usernameRef.current?.focus();
      } else {
        setFormError(error instanceof Error ? error.message : 'Your profile was not saved.');
      }
    }
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
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
