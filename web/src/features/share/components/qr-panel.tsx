import { QrCode } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/components/toast';
import type { User } from '@shared/types';
import { paths } from '@/config/paths';
import { CardQrCode, type QrDownloads } from '@/components/card-qr-code';
import { useCardAddress } from '../lib/card-address';
import { Button, buttonClass } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { words } from '@/lib/i18n';

const t = words('share');

/**
 * The card's QR code on the Share screen (docs/product.md §2, Share): the code, PNG and SVG downloads, full
 * screen, and the print sizes at which it stays readable (docs/product.md §9). Its own chunk,
 * loaded on 'Show QR code' (the Share screen keeps to its first-load budget). With a company logo
 * the owner chooses what the middle shows; a logo they uploaded is there unless they turn it off.
 */
export function QrPanel({ user }: { user: User }) {
  const address = useCardAddress(user.username);
  const [downloads, setDownloads] = useState<QrDownloads | null>(null);
  const [logoOff, setLogoOff] = useState(false);
  const withLogo = Boolean(user.logo_url) && !logoOff;
  const onReady = useCallback((ready: QrDownloads) => setDownloads(ready), []);
  const save = async (kind: 'png' | 'svg') => {
    try {
      await (kind === 'png' ? downloads?.downloadPng() : downloads?.downloadSvg());
    } catch {
      toast.error(t('share.qr_download_failed'));
    }
  };
  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
      <CardQrCode
        owner={{ ...user, url: address }}
        centre={withLogo ? 'logo' : 'photo'}
        onReady={onReady}
        className="w-48 justify-self-center rounded-lg border border-slate-200 dark:border-slate-700"
      />
      <div className="space-y-3">
        {user.logo_url ? (
          <div className="flex items-start gap-3">
            <Switch
              id="qr-logo"
              checked={withLogo}
              onCheckedChange={(on) => {
                // The downloads wait for the code drawn with the new middle.
                setDownloads(null);
                setLogoOff(!on);
              }}
              className="mt-0.5"
            />
            <div>
              <Label htmlFor="qr-logo">{t('share.qr_logo')}</Label>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('share.qr_logo_hint')}</p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('share.qr_logo_none')}{' '}
            <Link to={paths.profile} className="font-medium text-brand-700 underline dark:text-brand-100">
              {t('share.qr_logo_add')}
            </Link>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={!downloads} onClick={() => void save('png')}>
            {t('share.download_png')}
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={!downloads} onClick={() => void save('svg')}>
            {t('share.download_svg')}
          </Button>
          <Link to={paths.myQr} className={buttonClass('outline', 'sm')}>
            <QrCode className="h-4 w-4" aria-hidden />
            {t('share.full_screen')}
          </Link>
        </div>
        <div className="text-sm text-slate-600 dark:text-slate-400">
          <p className="font-medium text-slate-800 dark:text-slate-200">{t('share.print_title')}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            <li>{t('share.print_min')}</li>
            <li>{t('share.print_distance')}</li>
          </ul>
        </div>
      </div>
    </div>
  );
}
