import { Copy, ExternalLink } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast';
import { Button, buttonClass } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useEnableTotp } from '../api/security';
import { TextField } from '@/components/text-field';

const t = words('account');

/**
 * Scan the QR code, open the key in the authenticator app on this same phone (an `otpauth://` link,
 * which a phone cannot scan from its own screen), or copy or type the key; then confirm with the
 * first code the app shows.
 */
export function TotpSetup({
  secret,
  uri,
  onEnabled,
  onCancel,
}: {
  secret: string;
  uri: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [svg, setSvg] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enable = useEnableTotp();

  useEffect(() => {
    let live = true;
    import('../lib/qr-svg')
      .then(({ qrSvg }) => qrSvg(uri))
      .then((drawn) => live && setSvg(drawn))
      .catch(() => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [uri]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(t('account.enter_code'));
    setError(null);
    try {
      onEnabled(await enable.mutateAsync(code.trim()));
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.errors.code?.[0]
          ? caught.errors.code[0]
          : errorMessage(caught, t('account.unexpected_error')),
      );
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
        <li>{t('account.totp_step_open')}</li>
        <li>{t('account.totp_step_scan')}</li>
        <li>{t('account.totp_step_code')}</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div
          role="img"
          aria-label={t('account.qr_label')}
          className="flex h-[200px] w-[200px] shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-white"
          // The SVG is drawn here from the key the server sent, never from anyone's input.
          dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
        />
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.cant_scan')}</p>
          <p dir="ltr" className="mt-1 font-mono text-sm font-semibold" data-testid="totp-secret">
            {/* Groups of four that never break inside: the key is read and typed by group. */}
            {secret.match(/.{1,4}/g)?.map((group, index) => (
              <span key={index} className="inline-block whitespace-nowrap pe-[1ch]">
                {group}
              </span>
            ))}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={uri} className={buttonClass('outline', 'sm')}>
              <ExternalLink className="h-4 w-4" aria-hidden />
              {t('account.open_in_app')}
            </a>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                void navigator.clipboard
                  .writeText(secret)
                  .then(() => toast.success(t('account.key_copied')))
                  .catch(() => toast.error(t('account.key_copy_failed')))
              }
            >
              <Copy className="h-4 w-4" aria-hidden />
              {t('account.copy_key')}
            </Button>
          </div>
        </div>
      </div>
      <TextField
        id={`${id}-code`}
        label={t('account.code_from_app')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? t('account.turning_on') : t('account.turn_on')}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={enable.isPending}>
          {t('account.cancel')}
        </Button>
      </div>
    </form>
  );
}
