import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { fetchApplePass, useGoogleLink, useWallet } from '../api/wallet-passes';

const t = words('share');

/** Hands the pass file to the browser, which offers to add it (Safari) or saves it. */
function savePass(blob: Blob, username: string) {
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/vnd.apple.pkpass' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${username}.pkpass`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * What the panel says of a wallet this server cannot sign for: whoever runs the server turns each
 * one on with its signing secrets (docs/configuration.md).
 */
function notSetUp(apple: boolean, google: boolean) {
  if (apple && google) return null;
  if (!apple && !google) return t('share.wallet_off');
  return apple ? t('share.wallet_google_off') : t('share.wallet_apple_off');
}

/**
 * 'Add to Apple Wallet' and 'Add to Google Wallet': the card's name, title line,
 * avatar and QR code in the phone's wallet. Each button shows only when the operator configured
 * that wallet, and a wallet that is not configured is named as not set up on this server, so the
 * owner is not left looking for a button that is not there (docs/product.md §2, Share).
 */
export function WalletPanel({ username }: { username: string }) {
  const wallet = useWallet();
  const google = useGoogleLink(wallet.data?.google === true);
  const [downloading, setDownloading] = useState(false);
  if (!wallet.data) return null;
  const { apple, google: googleOn } = wallet.data;
  const note = notSetUp(apple, googleOn);

  const addToApple = async () => {
    setDownloading(true);
    try {
      savePass(await fetchApplePass(), username);
    } catch (error) {
      toast.error(errorMessage(error, t('share.wallet_apple_failed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.wallet_title')}</CardTitle>
        <CardDescription>{t('share.wallet_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {apple || googleOn ? (
          <div className="flex flex-wrap gap-2">
            {apple ? (
              <Button size="sm" variant="outline" disabled={downloading} onClick={() => void addToApple()}>
                <Wallet className="h-4 w-4" aria-hidden />
                {downloading ? t('share.wallet_creating') : t('share.wallet_apple')}
              </Button>
            ) : null}
            {googleOn ? (
              google.data ? (
                <a
                  href={google.data}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('outline', 'sm')}
                >
                  <Wallet className="h-4 w-4" aria-hidden />
                  {t('share.wallet_google')}
                  <span className="sr-only">{t('share.new_tab')}</span>
                </a>
              ) : (
                <Button size="sm" variant="outline" disabled>
                  <Wallet className="h-4 w-4" aria-hidden />
                  {google.isError ? t('share.wallet_google_unavailable') : t('share.wallet_google')}
                </Button>
              )
            ) : null}
          </div>
        ) : null}
        {note ? <p className="text-sm text-slate-600 dark:text-slate-400">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
