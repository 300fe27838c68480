import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import type { Proof } from '../api/security';
import { TextField } from '@/components/text-field';

const t = words('account');

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  /** The authenticator app may stand in for the password when that factor is on. */
  allowCode: boolean;
  destructive?: boolean;
  /** More fields of the same step (a passkey's name). */
  children?: ReactNode;
  onConfirm: (proof: Proof) => Promise<void>;
};

/**
 * "Confirm it's you" before a sensitive change: the current password, or a fresh code from the
 * authenticator app. The server checks it; its message shows under the field it concerns.
 */
export function ConfirmIdentityDialog({ open, onOpenChange, title, description, children, ...props }: Props) {
  const id = useId();
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = useCode ? t('account.authentication_code') : t('account.current_password');

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setValue('');
      setError(null);
      setUseCode(false);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value) return setError(useCode ? t('account.enter_code') : t('account.enter_password'));
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(useCode ? { code: value.trim() } : { current_password: value });
      setBusy(false);
      close(false);
    } catch (caught) {
      setBusy(false);
      const field =
        caught instanceof ApiError ? (caught.errors.current_password ?? caught.errors.code)?.[0] : undefined;
      setError(field ?? errorMessage(caught, t('account.unexpected_error')));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={title} description={description} hideClose={busy}>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          {children}
          <TextField
            key={label}
            id={`${id}-proof`}
            label={label}
            type={useCode ? 'text' : 'password'}
            inputMode={useCode ? 'numeric' : undefined}
            autoComplete={useCode ? 'one-time-code' : 'current-password'}
            maxLength={useCode ? 6 : 128}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error ?? undefined}
          />
          {props.allowCode && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setUseCode((v) => !v);
                setValue('');
                setError(null);
              }}
            >
              {useCode ? t('account.use_password') : t('account.use_authenticator')}
            </Button>
          )}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                {t('account.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant={props.destructive ? 'destructive' : 'primary'} disabled={busy}>
              {busy ? props.busyLabel : props.confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
