import { useId } from 'react';
import { Dialog } from '../../components/ui/dialog';
import type { SessionUser } from './session-user';
import { SignInPanel } from './sign-in-panel';

/** The header's sign-in dialog (loaded on first use, so pages do not ship it). */
export default function SignInDialog({
  open,
  onClose,
  onSignedIn,
}: {
  open: boolean;
  onClose: () => void;
  onSignedIn: (user: SessionUser) => void;
}) {
  const headingId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={headingId}>
      <SignInPanel headingId={headingId} onSignedIn={onSignedIn} />
    </Dialog>
  );
}
