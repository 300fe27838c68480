import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import {
  addPasskey,
  deletePasskey,
  useSecurityMutation,
  type Passkey,
  type Proof,
  type SecurityOverview,
} from '../api/security';
import { ConfirmIdentityDialog } from './confirm-identity-dialog';
import { TextField } from '@/components/text-field';

const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Passkeys: sign in with the phone's or computer's lock instead of password and code. */
export function PasskeysCard({ overview }: { overview: SecurityOverview }) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const add = useSecurityMutation(addPasskey);
  const remove = useSecurityMutation(deletePasskey);

  const confirmAdd = async (proof: Proof) => {
    try {
      await add.mutateAsync({ ...proof, name: name.trim() });
    } catch (error) {
      if (error instanceof Error && error.name === 'NotAllowedError')
        throw new Error('The passkey was not created.', { cause: error });
      throw error;
    }
    setName('');
    toast.success('Passkey added');
  };
  const confirmRemove = async (proof: Proof) => {
    if (!removing) return;
    await remove.mutateAsync({ ...proof, id: removing.id });
    toast.success('Passkey removed');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of your password and a code.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {overview.passkeys.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">You have no passkeys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Passkeys">
            {overview.passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{passkey.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    Added {formatDate(passkey.created_at)} · Last used {formatDate(passkey.last_used_at)}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove passkey ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {supported() ? (
          <Button variant="outline" onClick={() => setAdding(true)}>
            <KeyRound className="h-4 w-4" aria-hidden />
            Add a passkey
          </Button>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">This browser cannot create passkeys.</p>
        )}
      </CardContent>
      <ConfirmIdentityDialog
        open={adding}
        onOpenChange={setAdding}
        title="Add a passkey"
        description="Confirm it is you; then your device asks for your fingerprint, face or screen lock."
        confirmLabel="Add passkey"
        busyLabel="Waiting for your device..."
        allowCode={overview.totp_enabled}
        onConfirm={confirmAdd}
      >
        <TextField
          id={`${id}-name`}
          label="Passkey name (optional)"
          placeholder="e.g. Work laptop"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </ConfirmIdentityDialog>
      <ConfirmIdentityDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove passkey"
        description={`"${removing?.name ?? ''}" will no longer sign you in. Confirm it is you to continue.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        destructive
        allowCode={overview.totp_enabled}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
