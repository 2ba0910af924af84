import { Pencil } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyChunk } from '../../chunk-reload';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../shared/auth/auth';
import type { EditableProfile } from './edit-profile-dialog';

const loadDialog = () => import('./edit-profile-dialog');
const EditProfileDialog = lazyChunk(loadDialog);

/** 'Edit profile' on the signed-in person's own profile page (the dialog loads on first use). */
export function EditProfileButton({ profile }: { profile: EditableProfile & { user_id: number } }) {
  const { user } = useAuth();
  const [state, setState] = useState<'unloaded' | 'open' | 'closed'>('unloaded');
  if (!user || user.user_id !== profile.user_id) return null;
  return (
    <>
      <Button
        variant="secondary"
        icon={<Pencil aria-hidden="true" />}
        onClick={() => setState('open')}
        onPointerEnter={() => void loadDialog()}
      >
        Edit profile
      </Button>
      {state === 'unloaded' ? null : (
        <Suspense fallback={null}>
          <EditProfileDialog
            open={state === 'open'}
            onClose={() => setState('closed')}
            user={user}
            profile={profile}
          />
        </Suspense>
      )}
    </>
  );
}
