import { QrCode } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@shared/types';
import { paths } from '@/config/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';

const t = words('share');

// The code, its downloads and print sizes are their own chunk, fetched on the owner's tap.
const QrPanel = lazy(() => import('./qr-panel').then((module) => ({ default: module.QrPanel })));

/** The card's QR code on the Share screen (docs/product.md §2): full screen, or here with its downloads. */
export function QrCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.qr_title')}</CardTitle>
        <CardDescription>{t('share.qr_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <Suspense fallback={<Skeleton className="h-48 w-48" aria-label={t('share.qr_loading')} />}>
            <QrPanel user={user} />
          </Suspense>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
              {t('share.qr_show')}
            </Button>
            <Link to={paths.myQr} className={buttonClass('outline', 'sm')}>
              <QrCode className="h-4 w-4" aria-hidden />
              {t('share.full_screen')}
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
