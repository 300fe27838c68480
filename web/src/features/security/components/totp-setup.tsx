import { Copy, ExternalLink } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button, buttonClass } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { enableTotp, useSecurityMutation } from '../api/security';
import { TextField } from '@/components/text-field';

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
  const enable = useSecurityMutation(enableTotp);

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
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code from your authenticator app');
    setError(null);
    try {
      onEnabled(await enable.mutateAsync(code.trim()));
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.errors.code?.[0]
          ? caught.errors.code[0]
          : errorMessage(caught, 'An unexpected error occurred. Please try again.'),
      );
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Open your authenticator app (Google Authenticator, 1Password, Authy...) and add an account.</li>
        <li>Scan this QR code, or on this phone open the key in your app, or copy it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="h-[200px] w-[200px] shrink-0 overflow-hidden rounded-md border border-slate-200 bg-white"
          // The SVG is drawn here from the key the server sent, never from anyone's input.
          dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
        />
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-400">Can&apos;t scan it? Enter this key:</p>
          <p className="mt-1 font-mono text-sm font-semibold" data-testid="totp-secret">
            {/* Groups of four that never break inside: the key is read and typed by group. */}
            {secret.match(/.{1,4}/g)?.map((group, index) => (
              <span key={index} className="inline-block whitespace-nowrap pr-[1ch]">
                {group}
              </span>
            ))}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={uri} className={buttonClass('outline', 'sm')}>
              <ExternalLink className="h-4 w-4" aria-hidden />
              Open in authenticator app
            </a>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                void navigator.clipboard
                  .writeText(secret)
                  .then(() => toast.success('Key copied'))
                  .catch(() => toast.error('Could not copy the key: type it from the screen'))
              }
            >
              <Copy className="h-4 w-4" aria-hidden />
              Copy key
            </Button>
          </div>
        </div>
      </div>
      <TextField
        id={`${id}-code`}
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Turning on...' : 'Turn on'}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
