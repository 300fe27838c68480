import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { words } from '@/lib/i18n';
import { CHANNELS, channelUrl, type Channel } from '../lib/channels';
import { CopyButton } from './copy-button';

const t = words('share');

/** A channel's name and what its link is for, in the app's language. */
const channelWords = (channel: Channel) =>
  ({
    link: { label: t('share.channel_link'), hint: t('share.hint_link') },
    email: { label: t('share.channel_email'), hint: t('share.hint_email') },
    nfc: { label: t('share.channel_nfc'), hint: t('share.hint_nfc') },
    qr: { label: t('share.channel_qr'), hint: t('share.hint_qr') },
  })[channel];

/**
 * The card's link for each place it is shared, named in words ('Link for your email signature')
 * with the address under it, so the statistics can tell where visitors came from.
 */
export function ChannelLinksCard({ address }: { address: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.channels_title')}</CardTitle>
        <CardDescription>{t('share.channels_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={t('share.channels_title')}>
          {CHANNELS.map((channel) => {
            const url = channelUrl(address, channel);
            const { label, hint } = channelWords(channel);
            return (
              <li key={channel} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="text-sm font-medium">{label}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>
                  {/* The address itself is secondary: what it is for reads first, in words. */}
                  <p dir="ltr" className="mt-1 truncate text-xs text-slate-600 dark:text-slate-400" title={url}>
                    {url}
                  </p>
                </div>
                <CopyButton
                  text={url}
                  label={t('share.channel_copy', { channel })}
                  toastText={t('share.channel_copied', { channel })}
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
