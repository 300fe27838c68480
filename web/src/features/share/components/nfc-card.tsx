import { Nfc } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { channelUrl } from '../lib/channels';
import { CopyButton } from './copy-button';

// Web NFC (Chrome on Android only): https://w3c.github.io/web-nfc/
type NdefWriter = { write(message: { records: { recordType: 'url'; data: string }[] }): Promise<void> };
type NdefWindow = Window & { NDEFReader?: new () => NdefWriter };

export const hasWebNfc = () => typeof window !== 'undefined' && 'NDEFReader' in window;

/**
 * 'Write to NFC tag': with Web NFC the card's URL (?src=nfc) is written to a tag held to the
 * phone; elsewhere the same action explains how to write one with a phone's NFC app.
 */
export function NfcCard({ origin, username }: { origin: string; username: string }) {
  const url = channelUrl(origin, username, 'nfc');
  const [help, setHelp] = useState(false);
  const [writing, setWriting] = useState(false);

  const write = async () => {
    const Reader = (window as NdefWindow).NDEFReader;
    if (!Reader) {
      setHelp(true);
      return;
    }
    setWriting(true);
    const toastId = toast.loading('Hold an NFC tag to the back of your phone...');
    try {
      await new Reader().write({ records: [{ recordType: 'url', data: url }] });
      toast.success('Your card is on the NFC tag', { id: toastId });
    } catch (error) {
      console.warn('NFC write failed', error);
      toast.error('Could not write the tag. Allow NFC for this site and try again.', { id: toastId });
      setHelp(true);
    } finally {
      setWriting(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>NFC tag</CardTitle>
        <CardDescription>A tap of a phone on the tag opens your card.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={() => void write()} disabled={writing} aria-expanded={hasWebNfc() ? undefined : help}>
          <Nfc className="h-4 w-4" aria-hidden />
          {writing ? 'Writing...' : 'Write to NFC tag'}
        </Button>
        {help && (
          <section
            aria-labelledby="nfc-help"
            className="space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-700"
          >
            <h3 id="nfc-help" className="font-semibold">
              Write a tag with your phone&apos;s NFC app
            </h3>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              This browser cannot write NFC tags (only Chrome on Android can). Use an NFC app instead:
            </p>
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              <li>Install an NFC writing app on your phone, for example NFC Tools (Android and iPhone).</li>
              <li>In the app choose Write, add a record of type URL, and paste the address below.</li>
              <li>Hold a blank tag to the back of your phone (the top edge on an iPhone) until it is written.</li>
            </ol>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <p className="min-w-0 rounded-md bg-slate-50 px-3 py-2 font-mono text-xs break-all dark:bg-slate-800/60">
                {url}
              </p>
              <CopyButton text={url} label="Copy the address for the NFC app" toastText="NFC link copied" />
            </div>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
