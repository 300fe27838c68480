import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CHANNELS, channelUrl } from '../lib/channels';
import { CopyButton } from './copy-button';

/** The card's link for each channel, so the statistics can tell where visitors came from. */
export function ChannelLinksCard({ origin, username }: { origin: string; username: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Links for each channel</CardTitle>
        <CardDescription>Use the matching link and Statistics shows where your visitors came from.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Links for each channel">
          {CHANNELS.map((channel) => {
            const url = channelUrl(origin, username, channel.src);
            return (
              <li key={channel.src} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="text-sm font-medium">{channel.label}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">{channel.hint}</p>
                  <p className="mt-1 font-mono text-xs break-all">{url}</p>
                </div>
                <CopyButton
                  text={url}
                  label={`Copy ${channel.label} link`}
                  toastText={`${channel.label} link copied`}
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
