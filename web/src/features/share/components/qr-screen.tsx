import { Download, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/components/toast';
import { paths } from '@/config/paths';
import { CardQrCode, type QrDownloads } from '@/components/card-qr-code';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { keepScreenAwake, rememberedQr, rememberQr } from '@/lib/my-qr';

const t = words('share');

/**
 * 'Show my QR' (docs/product.md §2): the card's code full screen, large and black on white whatever the
 * theme, with the name and the short address under it and Download still offered. The screen
 * stays awake while it shows; offline it draws the card it showed last.
 */
export function QrScreen() {
  const user = useCurrentUser();
  const owner = user.data ?? (user.isError ? rememberedQr() : null);
  const [downloads, setDownloads] = useState<QrDownloads | null>(null);
  useEffect(() => keepScreenAwake(), []);
  useEffect(() => {
    if (user.data) rememberQr(user.data);
  }, [user.data]);
  const onReady = useCallback((ready: QrDownloads) => setDownloads(ready), []);
  const address = owner ? `${window.location.host}/p/${owner.username}` : '';

  const download = async () => {
    try {
      await downloads?.downloadPng();
    } catch {
      toast.error(t('share.qr_download_failed'));
    }
  };

  return (
    <main className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 overflow-auto bg-white p-6 text-slate-900">
      <h1 className="sr-only">{t('share.my_qr_title')}</h1>
      <Link
        to={paths.dashboard}
        className="absolute end-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
        aria-label={t('share.close')}
      >
        <X className="h-6 w-6" aria-hidden />
      </Link>
      {owner ? (
        <>
          <CardQrCode owner={owner} onReady={onReady} className="w-[min(88vw,62vh,560px)] rounded-xl" />
          <div className="text-center">
            <p dir="auto" className="text-2xl font-bold break-words">
              {owner.name}
            </p>
            <p dir="ltr" className="mt-1 font-mono text-base text-slate-700 break-all">
              {address}
            </p>
          </div>
          <button
            type="button"
            onClick={() => void download()}
            disabled={!downloads}
            className={cn(buttonClass('outline', 'md'), 'border-slate-400 text-slate-900')}
          >
            <Download className="h-4 w-4" aria-hidden />
            {t('share.download')}
          </button>
        </>
      ) : user.isError ? (
        <p className="text-center">{t('share.my_qr_offline')}</p>
      ) : (
        <p aria-busy="true">{t('share.my_qr_loading')}</p>
      )}
    </main>
  );
}
