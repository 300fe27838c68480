import { QrCode } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { User } from '@shared/types';
import { paths } from '@/config/paths';
import { CardQrCode, type QrDownloads } from '@/components/card-qr-code';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * The card's QR code on the Share screen (issue 22): the code, PNG and SVG downloads, full
 * screen, and the print sizes at which it stays readable (docs/product.md §9). Its own chunk,
 * loaded on 'Show QR code' (the Share screen keeps to its first-load budget).
 */
export function QrPanel({ user }: { user: User }) {
  const [downloads, setDownloads] = useState<QrDownloads | null>(null);
  const onReady = useCallback((ready: QrDownloads) => setDownloads(ready), []);
  const save = async (kind: 'png' | 'svg') => {
    try {
      await (kind === 'png' ? downloads?.downloadPng() : downloads?.downloadSvg());
    } catch {
      toast.error('Failed to download QR code. Please try again.');
    }
  };
  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
      <CardQrCode
        owner={user}
        onReady={onReady}
        className="w-48 justify-self-center rounded-lg border border-slate-200 dark:border-slate-700"
      />
      <div className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={!downloads} onClick={() => void save('png')}>
            Download PNG
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={!downloads} onClick={() => void save('svg')}>
            Download SVG
          </Button>
          <Link to={paths.myQr} className={buttonClass('outline', 'sm')}>
            <QrCode className="h-4 w-4" aria-hidden />
            Show full screen
          </Link>
        </div>
        <div className="text-sm text-slate-600 dark:text-slate-400">
          <p className="font-medium text-slate-800 dark:text-slate-200">Print sizes that stay readable</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            <li>At least 2 cm wide; the PNG is sharp up to 20 cm at 300 dpi.</li>
            <li>A tenth of the scanning distance: 10 cm for a poster read from 1 m.</li>
          </ul>
        </div>
      </div>
    </div>
  );
}
