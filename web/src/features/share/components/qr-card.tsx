import { lazy, Suspense } from 'react';
import type { User } from '@shared/types';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';

const t = words('share');

// The code, its downloads and print sizes are their own chunk (with qr-code-styling), fetched as
// the screen is drawn: the code shows at once, without a tap, and the screen's first load stays
// within its budget (scripts/bundle-size.ts, ON_DEMAND).
const QrPanel = lazy(() => import('./qr-panel').then((module) => ({ default: module.QrPanel })));

/** The card's QR code on the Share screen (docs/product.md §2): the code itself, its downloads, full screen. */
export function QrCard({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.qr_title')}</CardTitle>
        <CardDescription>{t('share.qr_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense
          fallback={
            <div role="status" aria-label={t('share.qr_loading')}>
              <Skeleton className="mx-auto h-48 w-48 sm:mx-0" />
            </div>
          }
        >
          <QrPanel user={user} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
