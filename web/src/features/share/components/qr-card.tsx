import { Download, Maximize2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { User } from '@shared/types';
import { paths } from '@/config/paths';
import { CardQrCode, type QrDownloads } from '@/components/card-qr-code';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The card's QR code on the Share screen (issue 22): the code, PNG and SVG downloads, full
 * screen, and the print sizes at which it stays readable (docs/product.md, share kit).
 */
export function QrCard({ user }: { user: User }) {
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
    <Card>
      <CardHeader>
        <CardTitle>QR code</CardTitle>
        <CardDescription>Hold it up at an event, print it on cards, flyers and posters.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
        <CardQrCode
          owner={user}
          onReady={onReady}
          className="w-48 justify-self-center rounded-lg border border-slate-200 dark:border-slate-700"
        />
        <div className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" disabled={!downloads} onClick={() => void save('png')}>
              <Download className="h-4 w-4" aria-hidden />
              Download PNG
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={!downloads} onClick={() => void save('svg')}>
              <Download className="h-4 w-4" aria-hidden />
              Download SVG
            </Button>
            <Link to={paths.myQr} className={buttonClass('outline', 'sm')}>
              <Maximize2 className="h-4 w-4" aria-hidden />
              Show full screen
            </Link>
          </div>
          <div className="text-sm text-slate-600 dark:text-slate-400">
            <p className="font-medium text-slate-800 dark:text-slate-200">Print sizes that stay readable</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              <li>At least 2 cm wide (a business card); the PNG is sharp enough up to 20 cm at 300 dpi.</li>
              <li>About a tenth of the scanning distance: 10 cm for a poster read from a metre away.</li>
              <li>Dark on white: the black code reads best; the lighter colours need a larger print.</li>
            </ul>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
