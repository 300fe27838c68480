import { Copy, ExternalLink } from 'lucide-react';
import { toast } from '@/components/toast';
import { getHref } from '@/config/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { markShared } from '@/lib/first-run';
import { words } from '@/lib/i18n';
import { useCardId } from '@/lib/use-card-in-view';

const t = words('profile');

/** View Profile (new tab) and Copy URL (site origin plus /p/{username}). */
export function ShareActions({ username }: { username: string }) {
  const href = getHref('publicProfile', { username });
  const url = `${window.location.origin}${href}`;
  const cardId = useCardId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      if (cardId) markShared(cardId);
      toast.success(t('profile.copied'));
    } catch (error) {
      console.warn('Clipboard write failed', error);
      // Isolated (U+2068..U+2069), so a right-to-left sentence leaves the address readable.
      toast.error(t('profile.copy_failed', { url: `\u2068${url}\u2069` }));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.your_card')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p
          dir="ltr"
          className="break-all rounded-md bg-slate-50 px-3 py-2 text-start font-mono text-xs dark:bg-slate-800/60"
        >
          {url}
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', 'sm')}>
            <ExternalLink className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
            {t('profile.view_profile')}
            <span className="sr-only">{t('profile.new_tab')}</span>
          </a>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden />
            {t('profile.copy_url')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
