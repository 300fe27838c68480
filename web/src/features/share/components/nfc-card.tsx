import { Nfc } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { words } from '@/lib/i18n';
import { channelUrl } from '../lib/channels';
import { CopyButton } from './copy-button';

const t = words('share');

// Web NFC (Chrome on Android only): https://w3c.github.io/web-nfc/
type NdefWriter = { write(message: { records: { recordType: 'url'; data: string }[] }): Promise<void> };
type NdefWindow = Window & { NDEFReader?: new () => NdefWriter };

export const hasWebNfc = () => typeof window !== 'undefined' && 'NDEFReader' in window;

/**
 * 'Write to NFC tag': with Web NFC the card's URL (?src=nfc) is written to a tag held to the
 * phone; elsewhere the same action explains how to write one with a phone's NFC app.
 */
export function NfcCard({ address }: { address: string }) {
  const url = channelUrl(address, 'nfc');
  const [help, setHelp] = useState(false);
  const [writing, setWriting] = useState(false);

  const write = async () => {
    const Reader = (window as NdefWindow).NDEFReader;
    if (!Reader) {
      setHelp(true);
      return;
    }
    setWriting(true);
    const toastId = toast.loading(t('share.nfc_hold'));
    try {
      await new Reader().write({ records: [{ recordType: 'url', data: url }] });
      toast.success(t('share.nfc_written'), { id: toastId });
    } catch (error) {
      console.warn('NFC write failed', error);
      toast.error(t('share.nfc_failed'), { id: toastId });
      setHelp(true);
    } finally {
      setWriting(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.nfc_title')}</CardTitle>
        <CardDescription>{t('share.nfc_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={() => void write()} disabled={writing} aria-expanded={hasWebNfc() ? undefined : help}>
          <Nfc className="h-4 w-4" aria-hidden />
          {writing ? t('share.nfc_writing') : t('share.nfc_write')}
        </Button>
        {help && (
          <section
            aria-labelledby="nfc-help"
            className="space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-700"
          >
            <h3 id="nfc-help" className="font-semibold">
              {t('share.nfc_help_title')}
            </h3>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('share.nfc_help_intro')}</p>
            <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
              <li>{t('share.nfc_step_install')}</li>
              <li>{t('share.nfc_step_write')}</li>
              <li>{t('share.nfc_step_hold')}</li>
            </ol>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <p
                dir="ltr"
                className="min-w-0 rounded-md bg-slate-50 px-3 py-2 font-mono text-xs break-all dark:bg-slate-800/60"
              >
                {url}
              </p>
              <CopyButton text={url} label={t('share.nfc_copy')} toastText={t('share.nfc_copied')} />
            </div>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
