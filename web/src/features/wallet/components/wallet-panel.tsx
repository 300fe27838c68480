import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { fetchApplePass, useGoogleLink, useWallet } from '../api/wallet-passes';

const APPLE_FAILED = 'Could not create the Apple Wallet pass. Please try again.';

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
 * 'Add to Apple Wallet' and 'Add to Google Wallet': the card's name, title line,
 * avatar and QR code in the phone's wallet. Each button shows only when the operator configured
 * that wallet; with neither, the panel is not shown at all.
 */
export function WalletPanel({ username }: { username: string }) {
  const wallet = useWallet();
  const google = useGoogleLink(wallet.data?.google === true);
  const [downloading, setDownloading] = useState(false);
  if (!wallet.data || (!wallet.data.apple && !wallet.data.google)) return null;

  const addToApple = async () => {
    setDownloading(true);
    try {
      savePass(await fetchApplePass(), username);
    } catch (error) {
      toast.error(errorMessage(error, APPLE_FAILED));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Wallet pass</CardTitle>
        <CardDescription>
          Keep your card in your phone&apos;s wallet: your name, title, photo and a QR code of your card to show anyone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {wallet.data.apple ? (
          <Button size="sm" variant="outline" disabled={downloading} onClick={() => void addToApple()}>
            <Wallet className="h-4 w-4" aria-hidden />
            {downloading ? 'Creating pass…' : 'Add to Apple Wallet'}
          </Button>
        ) : null}
        {wallet.data.google ? (
          google.data ? (
            <a href={google.data} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', 'sm')}>
              <Wallet className="h-4 w-4" aria-hidden />
              Add to Google Wallet
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <Button size="sm" variant="outline" disabled>
              <Wallet className="h-4 w-4" aria-hidden />
              {google.isError ? 'Google Wallet is unavailable' : 'Add to Google Wallet'}
            </Button>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
